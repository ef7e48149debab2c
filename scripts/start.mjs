// `npm start`: build what is out of date, then run Meridian (see README).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Newest modification time of any file below these paths. */
function newest(paths) {
  let latest = 0;
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stats = statSync(target);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(target))
        if (entry !== 'node_modules') visit(path.join(target, entry));
    } else {
      latest = Math.max(latest, stats.mtimeMs);
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return latest;
}

function step(label, command, args) {
  process.stdout.write(`▸ ${label}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    process.stderr.write(`✗ ${label} failed\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

// TypeScript's build mode is incremental: it only recompiles what changed.
step('Compiling the contracts and the server', 'npx', [
  'tsc',
  '-b',
  'packages/contracts',
  'apps/server/tsconfig.build.json',
]);

const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];
const webBuilt = path.join(root, 'apps/web/dist/index.html');
if (!existsSync(webBuilt) || statSync(webBuilt).mtimeMs < newest(webSources)) {
  step('Building the web app', 'npm', ['run', 'build', '--silent', '-w', '@meridian/web']);
} else {
  process.stdout.write('▸ Web app is up to date\n');
}

process.stdout.write('▸ Starting Meridian\n');
const server = spawn('node', ['apps/server/dist/main.js'], { cwd: root, stdio: 'inherit' });
// Pass stop signals on, so the server shuts down gracefully when this script is stopped.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
