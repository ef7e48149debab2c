/**
 * The file name a `Content-Disposition` header gives (RFC 6266): the UTF-8 `filename*` when
 * present, else `filename`, stripped of any folder; `fallback` when there is none.
 */
export function downloadName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??=
    /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header)?.[1]?.replace(/\\(.)/g, '$1') ??
    /filename\s*=\s*([^;\s]+)/.exec(header)?.[1];
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}
