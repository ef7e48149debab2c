/** Browsers in the order they must be tried: Edge and Opera also say "Chrome", Chrome says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/\d/, 'Edge'],
  [/\b(?:OPR|Opera)\/\d/, 'Opera'],
  [/\bSamsungBrowser\/\d/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/\d/, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\/\d/, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
  [/\bcurl\/\d/, 'curl'],
  [/\bnode(?:-fetch)?\b|\bundici\b/i, 'Node.js'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (agent: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(agent))?.[1];

/**
 * "Chrome on macOS" from a User-Agent header, enough to tell one's devices apart; null when
 * neither part is recognised. A few patterns, not a parser library: only the names are shown.
 */
export function describeUserAgent(agent: string | null): string | null {
  if (!agent) return null;
  const browser = firstMatch(agent, BROWSERS);
  const system = firstMatch(agent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}
