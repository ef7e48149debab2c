import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries (STYLE.md conventions 1-3). eslint-plugin-import-x's no-restricted-paths
 * compares resolved files, not import strings, so an `@/` alias, a relative path and a `.js`
 * suffix on a .ts file are all caught alike; it supports ESLint 10 and Node 20, and its
 * no-cycle comes with it. An import the resolver cannot find is not checked, hence the
 * TypeScript resolver reading each package's tsconfig (paths, extensions).
 */
const web = 'apps/web/src';
const server = 'apps/server/src';
const webFeatures = readdirSync(new URL(`${web}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webZones = [
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another: lift what both need into src/entities (domain), src/lib or src/components.',
  })),
  {
    target: [`${web}/components`, `${web}/entities`, `${web}/lib`, `${web}/config`, `${web}/utils`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code never imports features/ or app/ (shared → features → app).',
  },
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'Features never import app/ (shared → features → app).',
  },
];

/**
 * The web's domain (incidents, plans, exposure, organizations, users: their API calls, queries
 * and display rules) lives in entities/, which features and components use; lib/, config/ and
 * utils/ stay free of it (their tests may use it).
 */
const webDomainZone = {
  target: [`${web}/lib`, `${web}/config`, `${web}/utils`],
  from: `${web}/entities`,
  message: 'lib/ holds no domain: put incident, plan or exposure code in src/entities/<name>/.',
};

const serverZones = [
  {
    target: `${server}/lib`,
    from: [`${server}/modules`, `${server}/plugins`, `${server}/jobs`],
    message: 'lib/ sits below the modules: move the shared piece into lib/ instead.',
  },
  {
    target: `${server}/db`,
    from: [`${server}/modules`, `${server}/plugins`, `${server}/jobs`],
    message: 'db/ sits below jobs, plugins and modules (layers: lib, db, jobs, plugins, modules).',
  },

  {
    target: `${server}/plugins`,
    from: `${server}/modules`,
    message:
      'Plugins sit below the modules: what a plugin needs of one is handed in by app.ts (see RequestAccess).',
  },
  {
    target: [`${server}/lib`, `${server}/db`, `${server}/jobs`, `${server}/plugins`],
    from: [`${server}/app.ts`, `${server}/main.ts`, `${server}/bootstrap`],
    message: 'Only the composition root wires the layers: nothing below it imports it.',
  },
];

/** STYLE.md rule 12 (its tests may use a module's job to drive the machinery). */
const jobsZone = {
  target: `${server}/jobs`,
  from: [`${server}/modules`, `${server}/plugins`],
  message: 'jobs/ is machinery: a module registers its handlers there, jobs/ never imports one.',
};

/*
 * STYLE.md rule 11: a module owns its repository. Another module reads it through its
 * `<domain>.reads.ts` face or calls its service; only the module's own files (and tests
 * seeding data) import `*.repository.ts`.
 */
const serverModules = readdirSync(new URL(`${server}/modules`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleZones = serverModules.map((module) => ({
  target: `${server}/modules/${module}`,
  from: serverModules
    .filter((other) => other !== module)
    .map((other) => `${server}/modules/${other}/**/*.repository.ts`),
  message: "A module owns its repository: use the other module's *.reads.ts face or its service.",
}));

const packageZones = [
  {
    target: 'apps/web',
    from: ['apps/server', 'bench', 'e2e'],
    message: 'Web and server share only @meridian/contracts.',
  },
  {
    target: 'apps/server',
    from: ['apps/web', 'bench', 'e2e'],
    message: 'Web and server share only @meridian/contracts.',
  },
  {
    target: 'packages/contracts',
    from: ['apps', 'bench', 'e2e'],
    message: 'Contracts depend on no app.',
  },
  {
    // Browser tests and benchmarks drive the built server over HTTP; from its source they use
    // only the test harness and what they need to seed a store.
    target: ['e2e', 'bench'],
    from: 'apps/server',
    except: [
      './src/test',
      './src/bootstrap/demo-data.ts',
      './src/bootstrap/demo/random.ts',
      './src/bootstrap/platform.ts',
      './src/config.ts',
      './src/db/client.ts',
      './src/db/schema.ts',
      './src/lib/passwords.ts',
    ],
    message: 'e2e/ and bench/ use only the server test harness and the seeding code.',
  },
];

const restrictedPaths = (zones) => [
  'error',
  { basePath: import.meta.dirname, zones: [...webZones, ...zones, ...packageZones] },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/screenshots/**',
      'bench-results/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.config.ts',
            'apps/*/*.config.ts',
            'packages/*/src/*.test.ts',
            'scripts/*.test.ts',
          ],
          // Config files, the contracts' tests (kept out of the package build) and the lint
          // rules' test sit outside every tsconfig; they resolve packages the way Node does.
          defaultProject: 'tsconfig.base.json',
          // Those are nine small files today (the default allows eight): a few more programs.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and hooks are async by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../../*'], message: 'Use a path alias instead of ../../..' }] },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, no-cycle skips .ts and .tsx files when it follows imports.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/web',
            'apps/server',
            'packages/contracts',
            'e2e',
            'bench',
            'bench/web',
          ].map((folder) => `${import.meta.dirname}/${folder}/tsconfig.json`),
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(serverZones),
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${server}/modules/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths([...serverZones, ...moduleZones]) },
  },
  {
    files: [`${web}/{lib,config,utils}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths([webDomainZone]) },
  },
  {
    files: [`${server}/jobs/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths([...serverZones, jobsZone]) },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
