import pino from 'pino';

/** One concise, human progress line per step (pino-pretty), structured fields kept. */
export const log = pino({
  level: process.env.BENCH_LOG_LEVEL ?? 'info',
  transport: {
    target: 'pino-pretty',
    options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss', singleLine: true },
  },
});
