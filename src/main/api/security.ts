import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DubDeskError } from '../../shared/errors.js';
import { isHostHeaderForm } from './request-base-url.js';
import { sameApiKey, type KeyIdentity, type KeyRole, type KeysRepository } from '../store/keys-repository.js';

export { hostsFor } from './bind-addresses.js';

export interface SecurityOptions {
  keys: KeysRepository;
  /** `--api-key`: an admin key for this run only, checked in memory and never stored. */
  runKey?: string;
  /** host:port values a request's Host header may carry (the bound address and its loopback names). */
  allowedHosts(): ReadonlySet<string>;
  /** Host headers allowed besides those (every 127/8 address with an all-interfaces bind). */
  alsoAllows?(host: string): boolean;
}

/** The id requests made with `--api-key` carry: no stored key has it (stored ids are hex). */
export const RUN_KEY_ID = 'run-key';

// Routes that reach keys, settings (the webhook secret), model installs and shared glossaries/styles: admin only.
const ADMIN_ROUTES: ReadonlyArray<{ prefix: string; writesOnly: boolean }> = [
  { prefix: '/v1/keys', writesOnly: false },
  { prefix: '/v1/settings', writesOnly: false },
  { prefix: '/v1/models', writesOnly: true },
  { prefix: '/v1/glossaries', writesOnly: true },
  { prefix: '/v1/subtitle_styles', writesOnly: true },
];

/** Whether docs/api.md "Keys and roles" reserves this route for admin keys. */
export function needsAdmin(method: string, url: string): boolean {
  const read = method === 'GET' || method === 'HEAD';
  return ADMIN_ROUTES.some(
    ({ prefix, writesOnly }) => (url === prefix || url.startsWith(`${prefix}/`)) && !(writesOnly && read),
  );
}

function bearerKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

async function identify(key: string, options: SecurityOptions): Promise<KeyIdentity | null> {
  if (options.runKey && sameApiKey(key, options.runKey)) return { id: RUN_KEY_ID, role: 'admin' };
  return options.keys.identify(key);
}

function allows(role: KeyRole, needed: KeyRole): boolean {
  return role === 'admin' || needed === 'jobs';
}

/**
 * DNS-rebinding and drive-by protection (a foreign Host or Origin is refused), API-key auth on every
 * route but the static GUI pages and signed file URLs, and key roles declared by each route's config.
 */
export function installSecurity(app: FastifyInstance, options: SecurityOptions): void {
  app.decorateRequest('apiKeyId', undefined);
  app.decorateRequest('apiKeyRole', undefined);
  // A route of an admin family that forgot `role: 'admin'` stops the service from starting, not a test later.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const forgotten = methods.find((method) => needsAdmin(method, route.url) && route.config?.role !== 'admin');
    if (forgotten)
      throw new Error(`Route ${forgotten} ${route.url} needs config { role: 'admin' } (docs/api.md, Keys and roles).`);
  });
  app.addHook('onRequest', async (request) => {
    const hosts = options.allowedHosts();
    const ours = (value: string) => hosts.has(value) || options.alsoAllows?.(value) === true;
    const host = request.headers.host?.toLowerCase();
    if (!host || !ours(host)) {
      // A header that is not host[:port] (a path, user info) is not repeated back.
      const named = host && isHostHeaderForm(host) ? `Host ${host}` : 'The Host header';
      throw new DubDeskError('forbidden', `${named} is not this service's address; use http://${[...hosts][0]}.`);
    }
    // Only pages served by this service itself: the scheme must be ours (http), not only host and port.
    const origin = request.headers.origin?.toLowerCase();
    if (origin !== undefined && !(origin.startsWith('http://') && ours(origin.slice('http://'.length)))) {
      throw new DubDeskError('forbidden', `Requests from the web page at ${request.headers.origin} are not allowed.`);
    }
    const auth = request.routeOptions.config?.auth ?? 'key';
    if (auth === 'public') return;
    const query = request.query as Record<string, unknown> | undefined;
    const key =
      bearerKey(request) ?? (auth === 'key-or-query' && typeof query?.key === 'string' ? query.key : undefined);
    if (key) {
      const identity = await identify(key, options);
      if (identity) {
        const needed = request.routeOptions.config?.role ?? 'jobs';
        if (!allows(identity.role, needed)) {
          throw new DubDeskError(
            'forbidden',
            'This needs an admin key; this key has the jobs role. Create an admin key with `dubdesk keys create --role admin`.',
          );
        }
        request.apiKeyId = identity.id;
        request.apiKeyRole = identity.role;
        return;
      }
      if (auth !== 'signed-url') throw new DubDeskError('unauthorized', 'The API key is unknown or has been revoked.');
    }
    if (auth === 'signed-url') return; // the route checks its signed token
    throw new DubDeskError(
      'unauthorized',
      'Missing API key: send the header "Authorization: Bearer <API key>". Create a key with `dubdesk keys create`.',
    );
  });
}
