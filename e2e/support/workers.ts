/** Test files run side by side in this many workers (E2E_WORKERS, default 2), each with its own server. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? '2') || 1);
