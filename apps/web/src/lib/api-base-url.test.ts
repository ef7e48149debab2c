import { describe, expect, it, vi } from 'vitest';

// The module reads the page's origin when it loads; a plain object stands in for the window.
vi.stubGlobal('window', { location: { origin: 'https://meridian.example' } });
const { resolveApiBaseUrl } = await import('./api-base-url');

const PAGE = 'https://meridian.example';

describe('resolveApiBaseUrl (spec part 7)', () => {
  it('falls back to /api when the setting is unset or blank', () => {
    expect(resolveApiBaseUrl(undefined, PAGE)).toBe('/api');
    expect(resolveApiBaseUrl('   ', PAGE)).toBe('/api');
  });

  it('falls back to /api when the setting is not a usable URL', () => {
    expect(resolveApiBaseUrl('not a url', PAGE)).toBe('/api');
    expect(resolveApiBaseUrl('ftp://api.example/api', PAGE)).toBe('/api');
    expect(resolveApiBaseUrl('javascript:alert(1)', PAGE)).toBe('/api');
  });

  it('falls back to /api when the setting points at the page’s own origin', () => {
    expect(resolveApiBaseUrl('https://meridian.example/api', PAGE)).toBe('/api');
    expect(resolveApiBaseUrl('https://meridian.example/other/', PAGE)).toBe('/api');
  });

  it('uses another origin as given, without a trailing slash', () => {
    expect(resolveApiBaseUrl('https://api.meridian.example/api/', PAGE)).toBe(
      'https://api.meridian.example/api',
    );
    expect(resolveApiBaseUrl('http://meridian.example:8080/api', PAGE)).toBe(
      'http://meridian.example:8080/api',
    );
  });
});
