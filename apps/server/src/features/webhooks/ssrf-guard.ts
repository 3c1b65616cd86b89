// Where an outgoing webhook may go (decision 025). The verdict is a pure function of the resolved
// addresses, decided before any connection opens; the caller then connects to a vetted address only.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export type SsrfVerdict = { allowed: true } | { allowed: false; reason: string };

export interface SsrfOptions {
  /** Test-only (WEBHOOK_ALLOW_LOOPBACK): 127.0.0.0/8 is allowed; everything else stays refused. */
  allowLoopback?: boolean;
}

type Range = [network: string, prefix: number, kind: string];

const KIND = {
  loopback: 'loopback',
  private: 'privé netwerk',
  linkLocal: 'link-local of metadata',
  unspecified: 'niet-gespecificeerd adres',
  cgnat: 'gedeeld provider-netwerk',
  multicast: 'multicast',
  reserved: 'gereserveerd of documentatie',
} as const;

const V4: Range[] = [
  ['0.0.0.0', 8, KIND.unspecified],
  ['10.0.0.0', 8, KIND.private],
  ['100.64.0.0', 10, KIND.cgnat],
  ['127.0.0.0', 8, KIND.loopback],
  ['169.254.0.0', 16, KIND.linkLocal],
  ['172.16.0.0', 12, KIND.private],
  ['192.0.0.0', 24, KIND.reserved],
  ['192.0.2.0', 24, KIND.reserved],
  ['192.88.99.0', 24, KIND.reserved],
  ['192.168.0.0', 16, KIND.private],
  ['198.18.0.0', 15, KIND.reserved],
  ['198.51.100.0', 24, KIND.reserved],
  ['203.0.113.0', 24, KIND.reserved],
  ['224.0.0.0', 4, KIND.multicast],
  // 240/4 reserved, with 255.255.255.255 (broadcast)
  ['240.0.0.0', 4, KIND.reserved],
];

const V6: Range[] = [
  ['::', 128, KIND.unspecified],
  ['::1', 128, KIND.loopback],
  // IPv4-compatible (deprecated) and NAT64 forms can carry an internal IPv4 address.
  ['::', 96, KIND.reserved],
  ['::ffff:0:0:0', 96, KIND.reserved],
  ['64:ff9b::', 96, KIND.reserved],
  ['64:ff9b:1::', 48, KIND.reserved],
  ['100::', 64, KIND.reserved],
  ['2001::', 32, KIND.reserved],
  ['2001:db8::', 32, KIND.reserved],
  ['2002::', 16, KIND.reserved],
  ['fc00::', 7, KIND.private],
  ['fe80::', 10, KIND.linkLocal],
  ['fec0::', 10, KIND.private],
  ['ff00::', 8, KIND.multicast],
];

function listOf(ranges: Range[], type: 'ipv4' | 'ipv6'): { kind: string; list: BlockList }[] {
  return ranges.map(([network, prefix, kind]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, type);
    return { kind, list };
  });
}
const V4_LISTS = listOf(V4, 'ipv4');
const V6_LISTS = listOf(V6, 'ipv6');
const LOOPBACK_V4 = new BlockList();
LOOPBACK_V4.addSubnet('127.0.0.0', 8, 'ipv4');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function groupsOf(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    if (isIP(dotted[2]!) !== 4) return null;
    const [a, b, c, d] = dotted[2]!.split('.').map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const start = parse(halves[0]!);
  const end = halves.length === 2 ? parse(halves[1]!) : [];
  const fill = 8 - start.length - end.length;
  if (halves.length === 1 ? fill !== 0 : fill < 0) return null;
  const groups = [...start, ...Array<number>(fill).fill(0), ...end];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** `::ffff:a.b.c.d` (in any spelling): the IPv4 address inside, else null. */
function mappedV4(address: string): string | null {
  const g = groupsOf(address);
  if (!g || g.slice(0, 5).some((x) => x !== 0) || g[5] !== 0xffff) return null;
  return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
}

const refused = (address: string, kind: string): SsrfVerdict => ({
  allowed: false,
  reason: `Het adres ${address} wordt niet aangeroepen (${kind}).`,
});

function verdictOf(address: string, options: SsrfOptions): SsrfVerdict {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return { allowed: false, reason: `Ongeldig adres: ${address}.` };
  const v4 = family === 4 ? bare : mappedV4(bare);
  if (v4 !== null) {
    if (options.allowLoopback && LOOPBACK_V4.check(v4, 'ipv4')) return { allowed: true };
    const hit = V4_LISTS.find(({ list }) => list.check(v4, 'ipv4'));
    return hit ? refused(address, hit.kind) : { allowed: true };
  }
  const hit = V6_LISTS.find(({ list }) => list.check(bare, 'ipv6'));
  return hit ? refused(address, hit.kind) : { allowed: true };
}

/**
 * The verdict over every address a host name resolved to: refused when ANY of them is loopback,
 * private, link-local (cloud metadata 169.254.169.254), unspecified, shared, multicast, broadcast,
 * reserved or documentation space, also in IPv4-mapped IPv6 form. No addresses: refused.
 */
export function ssrfVerdict(addresses: string[], options: SsrfOptions = {}): SsrfVerdict {
  if (addresses.length === 0) return { allowed: false, reason: 'De hostnaam heeft geen adres.' };
  for (const address of addresses) {
    const verdict = verdictOf(address, options);
    if (!verdict.allowed) return verdict;
  }
  return { allowed: true };
}

export interface VettedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<VettedAddress[]>;

const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/**
 * Resolves a URL's host (an address literal is not looked up) and vets every address. The caller
 * connects to the returned address only, so a second DNS answer cannot swap it (rebinding).
 */
export async function vetHost(
  hostname: string,
  options: SsrfOptions & { resolve?: Resolver } = {},
): Promise<{ ok: true; target: VettedAddress } | { ok: false; reason: string }> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: VettedAddress[];
  const family = isIP(bare);
  if (family !== 0) addresses = [{ address: bare, family: family as 4 | 6 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(bare);
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      return {
        ok: false,
        reason: `De hostnaam ${bare} kon niet worden gevonden${code ? ` (${code})` : ''}.`,
      };
    }
  }
  const verdict = ssrfVerdict(
    addresses.map((a) => a.address),
    options,
  );
  if (!verdict.allowed) return { ok: false, reason: verdict.reason };
  return { ok: true, target: addresses[0]! };
}

/**
 * At save: a URL whose host is itself an address (or 'localhost') that would be refused at delivery is
 * refused now, with the reason, instead of saving a connection that can never deliver. A host name is
 * still vetted at every delivery (its DNS answer may change).
 */
export function literalHostRefusal(url: string, options: SsrfOptions = {}): string | null {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0) {
    const verdict = ssrfVerdict([bare], options);
    return verdict.allowed ? null : verdict.reason;
  }
  if ((bare === 'localhost' || bare.endsWith('.localhost')) && !options.allowLoopback)
    return `Het adres ${hostname} wordt niet aangeroepen (loopback).`;
  return null;
}
