// `npm run build`: the contracts, the server and the web app, in that order. A build that
// succeeds records a fingerprint of its sources (every file git knows, or would, under the
// three packages, and the lockfile); `--if-changed` skips the build when the outputs are there
// and the sources are those of the last build. The browser tests build that way: in `npm test`
// they run after the Node.js matrix, whose newest line has just built the same sources (each
// line must build them itself: that is what it proves).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const STAMP = path.join(root, 'node_modules/.cache/meridian-build.json');
const SOURCES = ['packages/contracts', 'apps/server', 'apps/web', 'package-lock.json'];
const OUTPUTS = [
  'packages/contracts/dist/index.js',
  'apps/server/dist/main.js',
  'apps/web/dist/index.html',
];
const STEPS = ['@meridian/contracts', '@meridian/server', '@meridian/web'];

/** A hash of the sources' paths and contents; null outside a git checkout (always build). */
function fingerprint() {
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...SOURCES],
    { cwd: root, encoding: 'utf8' },
  );
  if (listed.status !== 0) return null;
  const hash = createHash('sha256');
  for (const file of listed.stdout.split('\0').filter(Boolean).sort()) {
    const full = path.join(root, file);
    // A file deleted but still in the index is simply absent.
    if (!existsSync(full)) continue;
    hash.update(file).update('\0').update(readFileSync(full)).update('\0');
  }
  return hash.digest('hex');
}

const readStamp = () => {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8')).sources;
  } catch {
    return null;
  }
};

const sources = fingerprint();
if (
  process.argv.includes('--if-changed') &&
  sources !== null &&
  readStamp() === sources &&
  OUTPUTS.every((output) => existsSync(path.join(root, output)))
) {
  process.stdout.write('build: the sources are those of the last build; not building again\n');
  process.exit(0);
}

rmSync(STAMP, { force: true });
for (const workspace of STEPS) {
  const { status } = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (status !== 0) process.exit(status ?? 1);
}
if (sources !== null) {
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, JSON.stringify({ sources, node: process.version }));
}
