import { PassThrough } from 'node:stream';
import { build as prettyStream } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { ConfigError, chooseLogFormat, loadConfig } from '../config.js';
import { PRETTY_OPTIONS, loggerOptions } from './logger.js';

describe('the log format', () => {
  it('is pretty at a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');

    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: ' pretty ' }, false).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: '' }, false).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be json or pretty/);
  });

  it('sends pretty logs through pino-pretty and JSON straight out', () => {
    expect(loggerOptions({ logLevel: 'info', logFormat: 'pretty' }).transport).toEqual({
      target: 'pino-pretty',
      options: PRETTY_OPTIONS,
    });
    expect(loggerOptions({ logLevel: 'info', logFormat: 'json' }).transport).toBeUndefined();
  });

  it('puts the request id before the message on a pretty line', async () => {
    const out = new PassThrough();
    const pretty = prettyStream({ ...PRETTY_OPTIONS, colorize: false, destination: out });
    const text = new Promise<string>((resolve) =>
      out.once('data', (chunk) => resolve(String(chunk))),
    );
    pretty.write(
      `${JSON.stringify({ level: 50, time: Date.now(), pid: 1, hostname: 'h', reqId: 'req-42', msg: 'request failed' })}\n`,
    );
    const line = await text;
    expect(line).toMatch(/ERROR: \[req-42\] request failed/);
    expect(line).not.toContain('hostname');
  });
});
