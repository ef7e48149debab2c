import { describeLoad } from './load.js';
import { pgliteDirectory } from './server-process.js';

// CI keeps the two minutes.
describeLoad('the embedded database', async () => pgliteDirectory(), {
  ciSeconds: 120,
  share: 0.7,
});
