import { isAllInterfaces } from './bind-addresses.js';

// A Host header of the host[:port] form only: a DNS name or IPv4 address, or a bracketed IPv6 one, then a port.
// No userinfo (@), path, query, fragment or spaces: those never reach a URL we hand out.
const HOST_HEADER_FORM =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/** Whether a Host header value is only a host and an optional port. */
export function isHostHeaderForm(host: string): boolean {
  const port = /:(\d+)$/.exec(host)?.[1];
  return host.length <= 261 && HOST_HEADER_FORM.test(host) && (port === undefined || Number(port) <= 65535);
}

/**
 * The base URL a request's Host header names when the service is bound to all interfaces: a client on the LAN reached
 * us at that address, so its result and file URLs name it. Undefined when bound to one address (that address is the
 * base) or when the header is not of the host[:port] form.
 */
export function hostHeaderBaseUrl(hostHeader: string | undefined, boundHost: string): string | undefined {
  if (!isAllInterfaces(boundHost) || !hostHeader || !isHostHeaderForm(hostHeader)) return undefined;
  return `http://${hostHeader.toLowerCase()}`;
}
