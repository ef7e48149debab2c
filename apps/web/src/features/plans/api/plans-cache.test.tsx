import { Plan, PlanResponse } from '@meridian/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { queryKeys } from '@/lib/query-keys';
import { apiServer } from '@/test/msw-server';
import { useUpdatePlan } from './update-plan';

const PLAN = Plan.parse({
  id: '3a0f6b1e-2c4d-4e8f-9a1b-5c6d7e8f9a01',
  incidentId: '6f1c2b9e-4a55-4d1e-9a6b-0c3f0b1d2e01',
  incidentTitle: 'Port strike in Felixstowe',
  name: 'Port disruption',
  owner: null,
  status: 'ACTIVE',
  startsAt: '2026-11-20T08:00:00.000Z',
  targetAt: null,
  templateId: null,
  progress: { done: 0, total: 0 },
  actions: [],
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
});
const THEIRS = { ...PLAN, name: 'Renamed by a colleague', updatedAt: '2026-11-20T09:00:00.000Z' };

/** The hook with a plans list already loaded, and the requests it makes. */
function setUp(refusal: { status: number; code: string } | null) {
  const requests: string[] = [];
  apiServer.use(
    http.patch('*/api/plans/:id', () => {
      requests.push('PATCH');
      return refusal
        ? HttpResponse.json({ code: refusal.code, message: 'Refused' }, { status: refusal.status })
        : HttpResponse.json(
            PlanResponse.parse({ message: 'Plan updated', data: { plan: THEIRS } }),
          );
    }),
    http.get('*/api/plans/:id', () => {
      requests.push('GET');
      return HttpResponse.json(PlanResponse.parse({ message: 'Plan', data: { plan: THEIRS } }));
    }),
    http.get('*/api/plans', () =>
      HttpResponse.json({ message: 'Plans', data: { plans: [THEIRS] } }),
    ),
    http.get('*/api/incidents/:id/timeline', () =>
      HttpResponse.json({ message: 'Timeline', data: { entries: [] } }),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const listKey = queryKeys.plans.list(null, {});
  queryClient.setQueryData(listKey, [PLAN]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useUpdatePlan(), { wrapper });
  const rename = () =>
    result.current
      .mutateAsync({ planId: PLAN.id, change: { updatedAt: PLAN.updatedAt, name: 'Mine' } })
      .catch(() => undefined);
  const shown = () => queryClient.getQueryData<Plan[]>(listKey)?.[0]?.name;
  return { requests, rename, shown };
}

describe('a plan write', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'a-token');
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'a-refresh-token');
  });

  it('puts the reply in the loaded lists', async () => {
    const { requests, rename, shown } = setUp(null);
    await rename();
    expect(shown()).toBe('Renamed by a colleague');
    expect(requests).toContain('PATCH');
    expect(requests).not.toContain('GET');
  });

  it.each(['STALE', 'CONFLICT'])('reads the plan again after a 409 %s', async (code) => {
    const { requests, rename, shown } = setUp({ status: 409, code });
    await rename();
    await waitFor(() => expect(requests).toContain('GET'));
    expect(shown()).toBe('Renamed by a colleague');
  });

  it('leaves the plan as it is after a refusal that reading again cannot change', async () => {
    const { requests, rename, shown } = setUp({ status: 403, code: 'FORBIDDEN' });
    await rename();
    expect(requests).toEqual(['PATCH']);
    expect(shown()).toBe('Port disruption');
  });
});
