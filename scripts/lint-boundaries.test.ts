import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// No trailing slash: when ESLint's cwd differs from process.cwd() even by that, the import
// resolver rebuilds itself without the tsconfig paths and `@/` imports go unchecked.
const repoRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

// The repository's own lint configuration, without the type-aware rules: the boundaries need
// only the import resolver, and skipping the TypeScript programs keeps this test fast.
const eslint = new ESLint({ cwd: repoRoot, overrideConfig: tseslint.configs.disableTypeChecked });

/** The boundary errors ESLint reports for `source` saved as `filePath` (which need not exist). */
async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('import boundaries', () => {
  it('refuses an import from one web feature into another, by alias or relative path', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/atlas/components/Violation.tsx',
      [
        "import { useIncident } from '@/features/events/api/get-incident';",
        "import { useUsers } from '../../team-members/api/get-users';",
        'export const hooks = [useIncident, useUsers];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('A feature never imports another');
  });

  it('lets a feature import its own files and shared code', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/atlas/components/Allowed.tsx',
      [
        "import { useShipments } from '../api/get-shipments';",
        "import { cn } from '@/utils/cn';",
        'export const used = [useShipments, cn];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('keeps the domain out of web lib/, and features and app out of entities/', async () => {
    const lib = await boundaryErrors(
      'apps/web/src/lib/violation.ts',
      "import { useTimeline } from '@/entities/incident/incident-timeline';\nexport const used = useTimeline;",
    );
    const libTest = await boundaryErrors(
      'apps/web/src/lib/violation.test.ts',
      "import { useTimeline } from '@/entities/incident/incident-timeline';\nexport const used = useTimeline;",
    );
    const entity = await boundaryErrors(
      'apps/web/src/entities/incident/violation.ts',
      [
        "import { AtlasPage } from '@/features/atlas/components/AtlasPage';",
        "import { apiRequest } from '@/lib/api-client';",
        'export const used = [AtlasPage, apiRequest];',
      ].join('\n'),
    );
    expect(lib).toEqual([expect.stringContaining('lib/ holds no domain')]);
    expect(libTest).toEqual([]);
    expect(entity).toEqual([expect.stringContaining('Shared code never imports features/')]);
  });

  it('refuses features and app in shared web code', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/lib/violation.ts',
      [
        "import { AtlasPage } from '@/features/atlas/components/AtlasPage';",
        "import { router } from '@/app/router';",
        'export const used = [AtlasPage, router];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
  });

  it('refuses modules in server lib/ and plugins/, and the composition root below it', async () => {
    const repository = "import { usersRepository } from '../modules/users/users.repository.js';";
    const use = 'export const used = usersRepository;';
    const lib = await boundaryErrors('apps/server/src/lib/violation.ts', `${repository}\n${use}`);
    const plugin = await boundaryErrors(
      'apps/server/src/plugins/violation.ts',
      [
        repository,
        "import { AccessService } from '../modules/sessions/access.service.js';",
        'export const used = [usersRepository, AccessService];',
      ].join('\n'),
    );
    const root = await boundaryErrors(
      'apps/server/src/jobs/violation.ts',
      "import { buildApp } from '../app.js';\nexport const used = buildApp;",
    );
    expect(lib).toHaveLength(1);
    expect(plugin).toEqual([
      expect.stringContaining('Plugins sit below the modules'),
      expect.stringContaining('Plugins sit below the modules'),
    ]);
    expect(root).toEqual([expect.stringContaining('Only the composition root')]);
    const machinery = await boundaryErrors(
      'apps/server/src/jobs/violation.ts',
      "import { EXPOSURE_JOBS } from '../modules/exposure/exposure.jobs.js';\nexport const used = EXPOSURE_JOBS;",
    );
    expect(machinery).toEqual([expect.stringContaining('jobs/ is machinery')]);
  });

  it("refuses another module's repository in a module, but not its read face or in a test", async () => {
    const source = [
      "import { usersRepository } from '../users/users.repository.js';",
      "import { usersReads } from '../users/users.reads.js';",
      "import { authRepository } from './auth.repository.js';",
      'export const used = [usersRepository, usersReads, authRepository];',
    ].join('\n');
    const service = await boundaryErrors('apps/server/src/modules/auth/violation.ts', source);
    const test = await boundaryErrors('apps/server/src/modules/auth/violation.test.ts', source);
    expect(service).toEqual([expect.stringContaining('A module owns its repository')]);
    expect(test).toEqual([]);
  });

  it('lets browser tests use the server test harness and nothing else', async () => {
    const errors = await boundaryErrors(
      'e2e/violation.e2e.ts',
      [
        "import { startTestServer } from '../apps/server/src/test/test-server';",
        "import { UsersService } from '../apps/server/src/modules/users/users.service';",
        'export const used = [startTestServer, UsersService];',
      ].join('\n'),
    );
    expect(errors).toEqual([expect.stringContaining('e2e/ and bench/')]);
  });
});
