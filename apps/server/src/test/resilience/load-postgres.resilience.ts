import { describeLoad } from './load.js';
import { postgresDatabase } from './server-process.js';

// Included by the resilience config only when TEST_DATABASE_URL is set. 60 s in CI, where the
// whole suite has a time budget (the file takes about a minute and a half); LOAD_SECONDS runs
// it longer.
// Half the measured capacity: on two cores PostgreSQL's own processes share the CPU with the
// server and the load generator, and the closed-loop measure overstates what holds for a minute
// (at 70 % the server fell behind and timed out late in some runs).
describeLoad('PostgreSQL', () => postgresDatabase(process.env.TEST_DATABASE_URL ?? ''), {
  ciSeconds: 60,
  share: 0.5,
});
