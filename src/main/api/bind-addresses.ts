import { isIPv4 } from 'node:net';
import os from 'node:os';

type Interfaces = ReturnType<typeof os.networkInterfaces>;

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

// Addresses change rarely (DHCP, a VPN coming up) and reading them costs about 0.2 ms: re-read every 10 s, not per request.
let machine: { at: number; interfaces: Interfaces; hostname: string } | undefined;
function machineNow(): { interfaces: Interfaces; hostname: string } {
  if (!machine || Date.now() - machine.at > 10_000)
    machine = { at: Date.now(), interfaces: os.networkInterfaces(), hostname: os.hostname() };
  return machine;
}

/** `--host 0.0.0.0` (IPv4) or `::` (IPv4 and IPv6): every interface of the machine. */
export function isAllInterfaces(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** An address as it appears in a URL or a Host header: IPv6 in brackets. */
export function urlHost(address: string): string {
  return address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;
}

/**
 * The addresses a client can reach the service at, loopback first: the bound address, or for an
 * all-interfaces bind every address of the machine. IPv6 link-local ones are left out: a URL cannot
 * carry the zone id they need.
 */
export function listeningAddresses(boundHost: string, interfaces?: Interfaces): string[] {
  if (!isAllInterfaces(boundHost)) return [boundHost];
  const withIpv6 = boundHost !== '0.0.0.0';
  const found = Object.values(interfaces ?? machineNow().interfaces)
    .flatMap((list) => list ?? [])
    .filter((entry) => (entry.family === 'IPv4' || withIpv6) && !/^fe80:/i.test(entry.address))
    .sort((a, b) => Number(b.internal) - Number(a.internal));
  return [...new Set([withIpv6 ? ['127.0.0.1', '::1'] : ['127.0.0.1'], found.map((entry) => entry.address)].flat())];
}

/**
 * With an all-interfaces bind every 127/8 address reaches the service (Linux routes them all to lo); an address, not a
 * name, in the Host header cannot be a DNS rebinding.
 */
export function isLoopbackAlias(boundHost: string, hostHeader: string, port: number): boolean {
  const match = /^(127\.[\d.]+):(\d{1,5})$/.exec(hostHeader);
  return isAllInterfaces(boundHost) && match !== null && isIPv4(match[1]!) && Number(match[2]) === port;
}

/** `host:port` values a request's Host header may carry: the listening addresses, plus loopback and machine names where they reach us. */
export function hostsFor(boundHost: string, port: number, interfaces?: Interfaces, hostname?: string): Set<string> {
  const names = listeningAddresses(boundHost, interfaces).map(urlHost);
  if (isLoopbackHost(boundHost) || isAllInterfaces(boundHost)) names.push(...LOOPBACK_NAMES);
  if (isAllInterfaces(boundHost)) names.push(hostname ?? machineNow().hostname);
  return new Set(names.map((name) => `${name.toLowerCase()}:${port}`));
}
