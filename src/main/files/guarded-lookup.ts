import dns, { type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import {
  DEFAULT_ADDRESS_POLICY,
  describeRefusal,
  literalAddress,
  refusedRange,
  type AddressPolicy,
  type RefusedRange,
} from './address-policy.js';

// Applies the address policy to the address a request really connects to: every address a host name resolves to
// is checked before the socket connects (so a name cannot smuggle in 169.254.169.254), and IP literals, which
// node:net connects to without a lookup, are checked up front.

/** Resolves a host name to all its addresses; dns.lookup by default, injectable for tests. */
export type ResolveAll = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export interface ConnectGuard {
  policy?: AddressPolicy;
  resolve?: ResolveAll;
}

export class AddressRefusedError extends Error {
  readonly code = 'EADDRREFUSED_BY_POLICY';
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly range: RefusedRange,
  ) {
    super(describeRefusal(address, range, hostname));
  }
}

/** Throws AddressRefusedError when the URL's host is an IP literal the policy refuses. */
export function checkLiteralHost(url: URL, policy: AddressPolicy = DEFAULT_ADDRESS_POLICY): void {
  const literal = literalAddress(url.hostname);
  const range = literal === null ? null : refusedRange(literal, policy);
  if (literal !== null && range) throw new AddressRefusedError(url.hostname, literal, range);
}

/** A `lookup` for http.request / net.connect that fails with AddressRefusedError when any resolved address is refused. */
export function guardedLookup(guard: ConnectGuard = {}): LookupFunction {
  const policy = guard.policy ?? DEFAULT_ADDRESS_POLICY;
  const resolve: ResolveAll =
    guard.resolve ?? ((hostname, options, callback) => dns.lookup(hostname, options, callback));
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      for (const { address } of addresses) {
        const range = refusedRange(address, policy);
        if (range) return callback(new AddressRefusedError(hostname, address, range), '', 0);
      }
      if (addresses.length === 0)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      // net asks for all addresses when it may try both families (autoSelectFamily), else for one.
      if (options.all)
        return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
