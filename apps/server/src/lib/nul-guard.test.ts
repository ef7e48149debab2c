import { describe, expect, it } from 'vitest';
import { nulPath } from './nul-guard.js';

describe('nulPath', () => {
  it('finds a NUL character anywhere in a body, in values and in keys', () => {
    expect(nulPath({ name: 'ok', tags: ['a', 'b'] })).toBeNull();
    expect(nulPath({ name: 'a\u0000b' })).toBe('body.name');
    expect(nulPath({ incidents: [{ title: 'x' }, { title: '\u0000' }] })).toBe(
      'body.incidents[1].title',
    );
    expect(nulPath({ ['k\u0000']: 1 })).toBe('body');
    expect(nulPath(undefined)).toBeNull();
    expect(nulPath(42)).toBeNull();
  });
});
