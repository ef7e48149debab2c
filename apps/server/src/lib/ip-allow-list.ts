import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** An address or CIDR range as typed ("10.0.0.0/8", "2001:db8::/32", "203.0.113.7"), or null. */
export function parseRange(entry: string): Range | null {
  const text = entry.trim();
  try {
    if (text.includes('/')) {
      const [address, bits] = ipaddr.parseCIDR(text);
      return [address, bits];
    }
    const address = ipaddr.parse(text);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** The entries that are not an address or a range, with their positions. */
export const invalidEntries = (entries: readonly string[]) =>
  entries.flatMap((entry, index) => (parseRange(entry) ? [] : [{ index, entry }]));

const parsed = new Map<string, Range[]>();
const PARSED_KEEP = 200;

/** Parsed once per distinct list: the check runs on every request of an organization that has one. */
function rangesOf(entries: readonly string[]): Range[] {
  const key = entries.join('\n');
  let ranges = parsed.get(key);
  if (!ranges) {
    ranges = entries.map(parseRange).filter((range): range is Range => range !== null);
    if (parsed.size >= PARSED_KEEP) parsed.clear();
    parsed.set(key, ranges);
  }
  return ranges;
}

/** Whether the client address is inside one of the entries (IPv4-mapped IPv6 counts as IPv4). */
export function allowsAddress(entries: readonly string[], ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  return rangesOf(entries).some(
    ([base, bits]) => base.kind() === address.kind() && address.match(base, bits),
  );
}
