import type { IncidentResponse } from '@meridian/contracts';
import { expect } from 'vitest';
import type { TestServer } from './test-server.js';

/**
 * Incidents written through the API with the background work they queue run at once (the
 * test server runs no workers of its own): for tests of what the engine makes of them.
 * `server` is read at each call, as the test's server starts in beforeAll.
 */
export function incidentSteps(server: () => TestServer) {
  const runJobs = () => server().app.jobWorker.runDue();
  return {
    runJobs,
    createIncident: async (token: string, body: Record<string, unknown>): Promise<string> => {
      const response = await server().request<IncidentResponse>('POST', '/api/incidents', {
        token,
        body,
      });
      expect(response.status).toBe(201);
      await runJobs();
      return response.body.data.incident.id;
    },
    patchIncident: async (token: string, id: string, body: Record<string, unknown>) => {
      const response = await server().request('PATCH', `/api/incidents/${id}`, { token, body });
      expect(response.status).toBe(200);
      await runJobs();
    },
  };
}
