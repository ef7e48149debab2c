import { afterAll, describe, expect, it } from 'vitest';
import { KILL_ROUNDS, killAndCheck } from './durability.js';
import { pgliteDirectory } from './server-process.js';

describe('durability on the embedded database', () => {
  const directory = pgliteDirectory();
  afterAll(() => directory.drop());

  it(`loses no acknowledged write over ${KILL_ROUNDS} SIGKILLs`, async () => {
    const { acknowledged } = await killAndCheck(directory.value);
    expect(acknowledged).toBeGreaterThan(KILL_ROUNDS);
  });
});
