const DEFAULT_API_BASE = '/api';

/**
 * The API base: the configured absolute URL when it points at another origin, else /api.
 * An unset, unparsable or same-origin setting falls back to /api (spec part 7).
 */
export function resolveApiBaseUrl(configured: string | undefined, pageOrigin: string): string {
  const value = configured?.trim();
  if (!value) return DEFAULT_API_BASE;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return DEFAULT_API_BASE;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return DEFAULT_API_BASE;
  if (url.origin === pageOrigin) return DEFAULT_API_BASE;
  return url.href.replace(/\/+$/, '');
}

export const API_BASE_URL = resolveApiBaseUrl(
  import.meta.env.VITE_API_BASE_URL,
  window.location.origin,
);

export const apiUrl = (path: string): string => `${API_BASE_URL}${path}`;
