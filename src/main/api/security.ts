import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DubDeskError } from '../../shared/errors.js';
import type { KeysRepository } from '../store/keys-repository.js';

export interface SecurityOptions {
  keys: KeysRepository;
  /** host:port values a request's Host header may carry (the bound address and its loopback names). */
  allowedHosts(): ReadonlySet<string>;
}

/** Host values that reach this service: the bound address plus loopback aliases when bound to loopback. */
export function hostsFor(boundHost: string, port: number): Set<string> {
  const hosts = new Set([`${boundHost}:${port}`]);
  const loopback = ['127.0.0.1', 'localhost', '::1', '[::1]'];
  if (loopback.includes(boundHost)) for (const name of ['127.0.0.1', 'localhost', '[::1]']) hosts.add(`${name}:${port}`);
  return hosts;
}

function bearerKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * DNS-rebinding and drive-by protection (a foreign Host or Origin is refused) and API-key auth on every
 * route but the static GUI pages and signed file URLs.
 */
export function installSecurity(app: FastifyInstance, options: SecurityOptions): void {
  app.decorateRequest('apiKeyId', undefined);
  app.addHook('onRequest', async (request) => {
    const hosts = options.allowedHosts();
    const host = request.headers.host?.toLowerCase();
    if (!host || !hosts.has(host)) {
      throw new DubDeskError('forbidden', `Host ${host ?? '(none)'} is not this service's address; use http://${[...hosts][0]}.`);
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !hosts.has(origin.replace(/^https?:\/\//i, '').toLowerCase())) {
      throw new DubDeskError('forbidden', `Requests from the web page at ${origin} are not allowed.`);
    }
    const auth = request.routeOptions.config?.auth ?? 'key';
    if (auth === 'public') return;
    const query = request.query as Record<string, unknown> | undefined;
    const key = bearerKey(request) ?? (auth === 'key-or-query' && typeof query?.key === 'string' ? query.key : undefined);
    if (key) {
      const keyId = options.keys.verify(key);
      if (keyId) {
        request.apiKeyId = keyId;
        return;
      }
      if (auth !== 'signed-url') throw new DubDeskError('unauthorized', 'The API key is unknown or has been revoked.');
    }
    if (auth === 'signed-url') return; // the route checks its signed token
    throw new DubDeskError('unauthorized', 'Missing API key: send the header "Authorization: Bearer <API key>". Create a key with `dubdesk keys create`.');
  });
}
