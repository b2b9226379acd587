import type { FastifyRequest } from 'fastify';
import type { ResultUrlOf } from '../../../queue/status-record.js';

/** URLs under the address a request came to (all-interfaces bind); the service's own when not given. */
export type UrlsFor = (request: FastifyRequest) => ResultUrlOf;
