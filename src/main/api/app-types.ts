import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { Static } from 'typebox';
import type { TaskSummarySchema } from '../../shared/schemas/jobs.js';
import type { KeyRole } from '../store/keys-repository.js';
import type { TaskRecord } from '../store/tasks-repository.js';

/** The Fastify instance every route plugin receives: TypeBox schemas type the handlers. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** A task as the local task routes and the event stream show it (one function, so the two never differ). */
export type DescribeTask = (task: TaskRecord) => Static<typeof TaskSummarySchema>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'key' (default): a bearer API key is required. 'key-or-query': also `?key=` (EventSource cannot send headers).
     * 'signed-url': the handler checks a signed token when no key is given. 'public': static GUI assets.
     */
    auth?: 'key' | 'key-or-query' | 'signed-url' | 'public';
    /** The least key role the route needs (default 'jobs'); the auth hook answers 403 forbidden below it. */
    role?: KeyRole;
    /** One line for the OpenAPI document. */
    summary?: string;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook when the request carried a valid API key. */
    apiKeyId?: string;
    /** The role of that key. */
    apiKeyRole?: KeyRole;
  }
}
