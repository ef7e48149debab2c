// `npm run check`: the typecheck, the lint and the format check side by side. Each is one
// process on one core, and none needs another's output, so on a two-core machine running them
// together takes about as long as the longest alone. Each one's output is printed whole when it
// ends, under its name, and any failure fails the whole.
import { spawn } from 'node:child_process';

const CHECKS = ['typecheck', 'lint', 'format:check'];

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const ok = code === 0;
      process.stdout.write(`${ok ? '✓' : '✗'} ${script} (${seconds(started)})\n`);
      if (output.trim()) process.stdout.write(`${output.trimEnd()}\n`);
      resolve(ok);
    });
  });
}

const started = Date.now();
const results = await Promise.all(CHECKS.map(run));
process.stdout.write(`static checks: ${seconds(started)}\n`);
if (results.includes(false)) process.exit(1);
