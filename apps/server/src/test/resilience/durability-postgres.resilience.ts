import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KILL_ROUNDS, killAndCheck } from './durability.js';
import { type Database, type Throwaway, postgresDatabase } from './server-process.js';

// Included by the resilience config only when TEST_DATABASE_URL is set.
describe('durability on PostgreSQL', () => {
  let database: Throwaway<Database>;
  beforeAll(async () => {
    database = await postgresDatabase(process.env.TEST_DATABASE_URL ?? '');
  });
  afterAll(() => database?.drop());

  it(`loses no acknowledged write over ${KILL_ROUNDS} SIGKILLs`, async () => {
    const { acknowledged } = await killAndCheck(database.value);
    expect(acknowledged).toBeGreaterThan(KILL_ROUNDS);
  });
});
