// Makes sure a test suite has a program from Debian's packages, installing it with apt-get when
// possible: `node scripts/ensure-debian-package.mjs /usr/bin/chromium chromium`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const [program, debianPackage] = process.argv.slice(2);
if (!program || !debianPackage) {
  console.error('usage: ensure-debian-package.mjs <program path> <Debian package>');
  process.exit(2);
}

if (existsSync(program)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `The tests need ${program}.\n` +
      `Install it with: sudo apt-get update && sudo apt-get install -y ${debianPackage}`,
  );
  process.exit(1);
}

console.log(`${program} is missing; installing ${debianPackage} with apt-get...`);
for (const args of [['update'], ['install', '-y', '--no-install-recommends', debianPackage]]) {
  const result = spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    console.error(
      `apt-get ${args.join(' ')} failed; install ${debianPackage} by hand and rerun the tests.`,
    );
    process.exit(1);
  }
}
if (!existsSync(program)) {
  console.error(`apt-get finished but ${program} is still missing.`);
  process.exit(1);
}
