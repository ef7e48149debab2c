import ipaddr from 'ipaddr.js';

/**
 * The key under which a client address is counted (throttling, budgets): an IPv4 address as
 * it is, an IPv6 address by its /64, since one household or host is handed a whole /64 and
 * could otherwise rotate addresses to escape every limit. IPv4-mapped IPv6 counts as IPv4.
 */
export function ipBucket(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${ipaddr
    .fromByteArray(new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toByteArray())
    .toString()}/64`;
}

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For we believe. A hop count ("1": the nearest
 * proxy) or a comma-separated list of addresses and CIDR ranges; never "trust everyone",
 * which would let any client choose its own address.
 */
export function parseTrustProxy(value: string | undefined): number | string[] | false {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const valid = entry.includes('/') ? isCidr(entry) : ipaddr.isValid(entry);
    if (!valid) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is neither a hop count nor an IP address or CIDR range`,
      );
    }
  }
  return entries;
}

const isCidr = (entry: string): boolean => {
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
};
