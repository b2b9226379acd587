import { BlockList, isIP } from 'node:net';

// Pure: which IP addresses DubDesk may connect to when it fetches an input or delivers a callback
// (docs/api.md "Inputs fetched over http(s)"). Loopback stays allowed: a desktop app fetches from the user's own machine.

export interface AddressPolicy {
  /** Also refuse the private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7). */
  refusePrivate: boolean;
}

export const DEFAULT_ADDRESS_POLICY: AddressPolicy = { refusePrivate: false };

/** The kinds of address a policy can refuse, as named in messages. */
export type RefusedRange = 'unspecified' | 'link-local' | 'private';

function blockList(ipv4: readonly string[], ipv6: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of ipv4) {
    const [network, prefix] = cidr.split('/');
    list.addSubnet(network, Number(prefix), 'ipv4');
  }
  for (const cidr of ipv6) {
    const [network, prefix] = cidr.split('/');
    list.addSubnet(network, Number(prefix), 'ipv6');
  }
  return list;
}

// BlockList matches IPv4-mapped IPv6 (::ffff:169.254.1.1) against the IPv4 subnets too.
// 0.0.0.0/8 is "this network": never a destination, and Linux connects 0.0.0.0 to the local host.
const UNSPECIFIED = blockList(['0.0.0.0/8'], ['::/128']);
const LINK_LOCAL = blockList(['169.254.0.0/16'], ['fe80::/10']);
const PRIVATE = blockList(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10'], ['fc00::/7']);

/** Why `address` (an IPv4 or IPv6 literal, brackets allowed) may not be connected to, or null when it may. */
export function refusedRange(address: string, policy: AddressPolicy = DEFAULT_ADDRESS_POLICY): RefusedRange | null {
  const bare = unbracket(address);
  const family = isIP(bare);
  if (family === 0) return null;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (UNSPECIFIED.check(bare, type)) return 'unspecified';
  if (LINK_LOCAL.check(bare, type)) return 'link-local';
  if (policy.refusePrivate && PRIVATE.check(bare, type)) return 'private';
  return null;
}

/** The IP literal a URL's host names (`[fe80::1]` -> `fe80::1`), or null for a host name that must be resolved. */
export function literalAddress(hostname: string): string | null {
  const bare = unbracket(hostname);
  return isIP(bare) === 0 ? null : bare;
}

/** "meta.example resolves to 169.254.169.254, a link-local address, ...": the reason shown to users and in logs. */
export function describeRefusal(address: string, range: RefusedRange, hostname?: string): string {
  const bare = unbracket(address);
  const what =
    range === 'unspecified'
      ? 'an unspecified address'
      : range === 'link-local'
        ? 'a link-local address'
        : 'a private address';
  const setting = range === 'private' ? ' while the refusePrivateAddresses setting is on' : '';
  const subject =
    hostname && literalAddress(hostname) === null ? `${hostname} resolves to ${bare}, ${what}` : `${bare} is ${what}`;
  return `${subject}, which DubDesk does not connect to${setting}`;
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
