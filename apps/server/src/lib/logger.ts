import type { LoggerOptions } from 'pino';
import type { AppConfig } from '../config.js';

/** Structured JSON logs; pretty only when a person is watching a terminal. */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>): LoggerOptions {
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'test';
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
