/**
 * IPv4 addresses and CIDR ranges, parsed as the `ip-address` package (used by the Node SDK's remoteAddress strategy)
 * parses them: dotted quads without leading zeros, an optional "/0" to "/32" suffix. Written out because it is
 * twenty lines and shared/ keeps its dependencies to the ones evaluation cannot do without.
 */
export interface Ipv4 {
  readonly bits: number;
  readonly mask: number;
}

const OCTET = '(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const ADDRESS = new RegExp(`^${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}$`);
const SUFFIX = /\/\d{1,2}$/;

/** The address, or null where ip-address would throw. */
export function parseIpv4(text: string): Ipv4 | null {
  let mask = 32;
  let address = text;
  const suffix = SUFFIX.exec(text);
  if (suffix) {
    mask = parseInt(suffix[0].slice(1), 10);
    if (mask > 32) return null;
    address = text.replace(SUFFIX, '');
  }
  if (address.length > 15) return null;
  const groups = address.split('.');
  if (groups.some((group) => /^0\d/.test(group))) return null;
  if (!ADDRESS.test(address)) return null;
  const bits = groups.reduce((acc, group) => acc * 256 + Number(group), 0);
  return { bits, mask };
}

/** ip-address's isInSubnet: the address's own mask must be at least as narrow, and the range's prefix bits equal. */
export function isInSubnet(address: Ipv4, range: Ipv4): boolean {
  if (address.mask < range.mask) return false;
  if (range.mask === 0) return true;
  const shift = 32 - range.mask;
  return Math.floor(address.bits / 2 ** shift) === Math.floor(range.bits / 2 ** shift);
}
