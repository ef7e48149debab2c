import { describe, expect, it } from 'vitest';
import { nestsDeeperThan, nulPath } from './nul-guard.js';

describe('nulPath', () => {
  it('finds a NUL character anywhere in a body, in values and in keys', () => {
    expect(nulPath({ name: 'ok', tags: ['a', 'b'] })).toBeNull();
    expect(nulPath({ name: 'a\u0000b' })).toBe('body.name');
    expect(nulPath({ incidents: [{ title: 'x' }, { title: '\u0000' }] })).toBe(
      'body.incidents[1].title',
    );
    expect(nulPath({ ['k\u0000']: 1 })).toBe('body');
    expect(nulPath({ q: 'a\u0000' }, 'query')).toBe('query.q');
    expect(nulPath(undefined)).toBeNull();
    expect(nulPath(42)).toBeNull();
  });

  it('walks any depth without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(nulPath(deep)).toMatch(/^body(\[0\]){200000}$/);
  });
});

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('[[{"a":[1]}]]', 4)).toBe(false);
    expect(nestsDeeperThan('[[{"a":[1]}]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[[","b":"\\"[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan('[[],[],[]]', 2)).toBe(false);
    expect(nestsDeeperThan('['.repeat(1_000_000), 32)).toBe(true);
  });
});
