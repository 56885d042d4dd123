/**
 * The boundary for connections to a host a user typed (a conference's SMTP server): the name is
 * resolved once, every address it resolves to must be a public unicast address (unless the
 * operator allowed it), the port must be one the operator allows, and the caller connects to the
 * address that was checked, so a second DNS answer (rebinding) cannot send it elsewhere.
 */
import dns from 'node:dns';
import net from 'node:net';

export type HostPolicy = {
  /** SMTP_ALLOW_PRIVATE_HOSTS: any address will do (an on-premise network) */
  allowPrivate: boolean;
  /** SMTP_ALLOWED_HOSTS: host names (any address) and addresses or CIDRs allowed although private */
  allowed: string[];
  /** SMTP_ALLOWED_PORTS */
  ports: number[] | 'any';
};

export type GuardRefusal = 'hostRefused' | 'portRefused' | 'notFound';

/** Thrown when a host or port may not be reached; `reason` is a class, never the remote's text. */
export class HostRefused extends Error {
  constructor(readonly reason: GuardRefusal) {
    super(`connection refused by policy: ${reason}`);
  }
}

type Range = { bytes: number[]; bits: number };

/** Address bytes (4 or 16), or null when the text is not an address. */
export function addressBytes(address: string): number[] | null {
  const family = net.isIP(address);
  if (family === 4) return address.split('.').map(Number);
  if (family !== 6) return null;
  let text = address.toLowerCase().replace(/%.*$/, '');
  // An embedded IPv4 tail (::ffff:127.0.0.1) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === null ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

function parseRange(cidr: string): Range {
  const [address, bits] = cidr.split('/');
  const bytes = addressBytes(address);
  if (!bytes) throw new Error(`not an address: ${cidr}`);
  return { bytes, bits: bits === undefined ? bytes.length * 8 : Number(bits) };
}

function inRange(bytes: number[], range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.bits; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[i] & mask) !== (range.bytes[i] & mask)) return false;
  }
  return true;
}

// Not the public internet: "this network", private (RFC 1918), shared/CGNAT (RFC 6598), loopback,
// link-local, IETF protocol assignments, documentation, benchmarking, multicast and reserved.
const REFUSED_V4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
].map(parseRange);
// IPv6 outside global unicast (2000::/3) is refused as a whole (::, ::1, ULA fc00::/7, link-local
// fe80::/10, multicast ff00::/8...); inside it, these are not public either. Addresses that
// carry an IPv4 address (mapped, NAT64, 6to4) are judged by that address.
const GLOBAL_V6 = parseRange('2000::/3');
const REFUSED_V6 = ['2001::/23', '2001:db8::/32', '3fff::/20'].map(parseRange);
const MAPPED_V4 = parseRange('::ffff:0:0/96');
const NAT64 = parseRange('64:ff9b::/96');
const SIX_TO_FOUR = parseRange('2002::/16');

/** True for an address of the public internet. */
export function isPublicAddress(address: string): boolean {
  const bytes = addressBytes(address);
  if (!bytes) return false;
  if (bytes.length === 4) return !REFUSED_V4.some((r) => inRange(bytes, r));
  if (inRange(bytes, MAPPED_V4) || inRange(bytes, NAT64)) return isPublicAddress(bytes.slice(12).join('.'));
  if (inRange(bytes, SIX_TO_FOUR)) return isPublicAddress(bytes.slice(2, 6).join('.'));
  return inRange(bytes, GLOBAL_V6) && !REFUSED_V6.some((r) => inRange(bytes, r));
}

export type Lookup = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: Lookup = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

export class HostGuard {
  private readonly names: Set<string>;
  private readonly ranges: Range[];

  constructor(
    private readonly policy: HostPolicy,
    private readonly lookup: Lookup = systemLookup,
  ) {
    this.names = new Set(policy.allowed.filter((e) => !net.isIP(e.split('/')[0])));
    this.ranges = policy.allowed.filter((e) => net.isIP(e.split('/')[0])).map(parseRange);
  }

  portAllowed(port: number): boolean {
    return this.policy.ports === 'any' || this.policy.ports.includes(port);
  }

  private addressAllowed(host: string, address: string): boolean {
    if (this.policy.allowPrivate || this.names.has(host) || isPublicAddress(address)) return true;
    const bytes = addressBytes(address);
    return bytes !== null && this.ranges.some((r) => inRange(bytes, r));
  }

  /**
   * The address to connect to for host:port. Every address the name resolves to must be
   * allowed: a name that also points inside the network is refused as a whole.
   */
  async resolve(host: string, port: number): Promise<{ address: string; family: number }> {
    const name = host.trim().toLowerCase().replace(/\.$/, '');
    let found: Array<{ address: string; family: number }>;
    try {
      found = net.isIP(name) ? [{ address: name, family: net.isIP(name) }] : await this.lookup(name);
    } catch {
      throw new HostRefused('notFound');
    }
    if (!found.length) throw new HostRefused('notFound');
    if (found.some((a) => !this.addressAllowed(name, a.address))) throw new HostRefused('hostRefused');
    if (!this.portAllowed(port)) throw new HostRefused('portRefused');
    return found[0];
  }
}
