import { describe, expect, it, vi } from 'vitest';

vi.stubGlobal('window', { location: { origin: 'https://meridian.example' } });
const { createQueryClient, retryDelay, shouldRetry } = await import('./query-client');
const { ApiError } = await import('./api-client');

describe('the data cache rules (spec part 9)', () => {
  it('keeps data fresh for 5 minutes, collects it after 5, and never refetches on focus', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(5 * 60 * 1000);
    expect(queries?.gcTime).toBe(5 * 60 * 1000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
  });

  it('waits 1 s, then doubles, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it('retries a failure 3 times', () => {
    const failure = new ApiError('Server unavailable', 503);
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, failure))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('does not retry a 4xx reply, which would only come back the same', () => {
    expect(shouldRetry(0, new ApiError('Not found', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('Forbidden', 403))).toBe(false);
  });
});
