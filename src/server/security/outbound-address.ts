/**
 * Where the server may send a request it was told to send (a reseller's webhook URL): never to
 * itself, the machine's neighbours or a cloud's metadata service, whatever name points there. A
 * URL is checked when it is saved (every address its host resolves to), and the sender checks the
 * address it actually connects to again, so a name that later resolves elsewhere gains nothing.
 * WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true lifts the rule for development and tests, except for
 * link-local addresses and the metadata services (ALWAYS_FORBIDDEN).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const FORBIDDEN = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, with the metadata service at 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  FORBIDDEN.addSubnet(network, bits, 'ipv4');
}
for (const [network, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, with fd00:ec2::254 (a cloud's metadata service)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const) {
  FORBIDDEN.addSubnet(network, bits, 'ipv6');
}

/**
 * Addresses refused even when WEBHOOK_ALLOW_PRIVATE_ADDRESSES lifts the rule: link-local, where the
 * clouds' metadata services answer (169.254.169.254, fd00:ec2::254, Alibaba's 100.100.100.200),
 * with the machine's credentials. A development machine's webhook receiver is never there.
 */
const ALWAYS_FORBIDDEN = new BlockList();
ALWAYS_FORBIDDEN.addSubnet('169.254.0.0', 16, 'ipv4');
ALWAYS_FORBIDDEN.addAddress('100.100.100.200', 'ipv4');
ALWAYS_FORBIDDEN.addSubnet('fe80::', 10, 'ipv6');
ALWAYS_FORBIDDEN.addAddress('fd00:ec2::254', 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether `list` holds the address (an IPv4 address inside an IPv6 one is checked as itself); anything that is no address counts as held. */
function inList(list: BlockList, address: string): boolean {
  const family = isIP(address);
  if (family === 4) return list.check(address, 'ipv4');
  if (family === 6) {
    const inner = embeddedIpv4(address);
    return inner ? list.check(inner, 'ipv4') : list.check(address, 'ipv6');
  }
  return true;
}

/** Whether an IP address is one the server must not call: loopback, private, link-local, metadata, multicast, reserved. */
export function isForbiddenAddress(address: string): boolean {
  return inList(FORBIDDEN, address);
}

/** Whether an IP address is one the server never calls, even with private addresses allowed: link-local and the metadata services. */
export function isMetadataAddress(address: string): boolean {
  return inList(ALWAYS_FORBIDDEN, address);
}

/** Whether the server may call this address: never a metadata address; a private one only when allowed. */
export function mayCall(address: string, allowPrivate: boolean): boolean {
  return allowPrivate ? !isMetadataAddress(address) : !isForbiddenAddress(address);
}

export type Lookup = (hostname: string) => Promise<string[]>;

export const systemLookup: Lookup = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Why the server will not call this URL, or null when it will: https only (http too when private
 * addresses are allowed), no credentials in it, and a host that resolves only to public addresses.
 */
const METADATA_PROBLEM = 'must not point at a link-local or cloud metadata address';

export async function outboundUrlProblem(text: string, options: { allowPrivate: boolean; lookup?: Lookup }): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute URL such as https://hooks.example.com/octo';
  }
  if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:')) return 'must be an https:// URL';
  if (url.username !== '' || url.password !== '') return 'must not hold a user name or password: the requests are signed instead';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (options.allowPrivate) {
    // Private addresses allowed (development, tests): still never a cloud's metadata service.
    if (isIP(host)) return isMetadataAddress(host) ? METADATA_PROBLEM : null;
    const addresses = await (options.lookup ?? systemLookup)(host).catch(() => [] as string[]);
    return addresses.some(isMetadataAddress) ? METADATA_PROBLEM : null;
  }
  if (isIP(host)) return isForbiddenAddress(host) ? 'must not point at a private, loopback, link-local or metadata address' : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'must not point at a private, loopback, link-local or metadata address';
  let addresses: string[];
  try {
    addresses = await (options.lookup ?? systemLookup)(host);
  } catch {
    return `names a host that could not be found (${host})`;
  }
  if (addresses.length === 0) return `names a host that could not be found (${host})`;
  if (addresses.some(isForbiddenAddress)) return 'must not point at a private, loopback, link-local or metadata address';
  return null;
}
