import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './datetime-local';

describe('datetime-local values', () => {
  it('round-trips an instant through the local input value, to the minute', () => {
    const iso = '2026-03-04T09:15:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });

  it('reads empty and unparseable values as no time', () => {
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });
});
