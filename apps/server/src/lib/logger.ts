import type { LoggerOptions } from 'pino';
import type { AppConfig } from '../config.js';

/**
 * pino's options: JSON lines, or pino-pretty's coloured lines for a person at a terminal
 * (config.logFormat). A request's lines carry its id (`reqId`); pretty lines show it first.
 */
/** pino-pretty's options: a request's id leads its message, the rest of the noise goes. */
export const PRETTY_OPTIONS = {
  translateTime: 'HH:MM:ss',
  ignore: 'pid,hostname,reqId',
  messageFormat: '{if reqId}[{reqId}] {end}{msg}',
};

export function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'logFormat'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(config.logFormat === 'pretty'
      ? {
          transport: { target: 'pino-pretty', options: PRETTY_OPTIONS },
        }
      : {}),
  };
}
