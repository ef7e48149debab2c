import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('migrations', () => {
  it('are in sync with the schema: generating again produces nothing new', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'meridian-drizzle-'));
    cpSync(path.join(serverRoot, 'drizzle'), copy, { recursive: true });
    const before = readdirSync(copy).sort();
    // drizzle-kit takes the output folder relative to its working directory.
    const output = execFileSync('npx', ['drizzle-kit', 'generate'], {
      cwd: serverRoot,
      env: { ...process.env, DRIZZLE_OUT: path.relative(serverRoot, copy) },
      encoding: 'utf8',
    });
    expect(output).toContain('No schema changes');
    expect(readdirSync(copy).sort()).toEqual(before);
  });
});
