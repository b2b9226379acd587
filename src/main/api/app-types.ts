import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Static } from 'typebox';
import type { ErrorCode } from '../../shared/errors.js';
import type { TaskSummarySchema } from '../../shared/schemas/jobs.js';
import type { KeyRole } from '../store/keys-repository.js';
import type { TaskRecord } from '../store/tasks-repository.js';

/** The Fastify instance every route plugin receives: TypeBox schemas type the handlers. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * A task as the local task routes and the event stream show it (one function, so the two never differ); its URLs
 * name the address the request came to.
 */
export type DescribeTask = (task: TaskRecord, request: FastifyRequest) => Promise<Static<typeof TaskSummarySchema>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'key' (default): a bearer API key is required. 'key-or-query': also `?key=` (EventSource cannot send headers).
     * 'signed-url': the handler checks a signed token when no key is given. 'public': static GUI assets.
     */
    auth?: 'key' | 'key-or-query' | 'signed-url' | 'public';
    /** The least key role the route needs (default 'jobs'); the auth hook answers 403 forbidden below it. */
    role?: KeyRole;
    /** A stable name for client generators (`createLipsyncJob`); every /v1 route has one (docs/openapi.json). */
    operationId?: string;
    /** One line for the OpenAPI document. */
    summary?: string;
    /** What the operation does, in a few sentences (Markdown). */
    description?: string;
    /**
     * The catalogue errors the handler itself can give. The document adds the ones every route of its kind can give
     * (invalid_request, unauthorized, forbidden, not_found for path ids, payload_too_large for bodies, internal).
     */
    errors?: readonly ErrorCode[];
    /** A body that is not JSON (an upload, an SRT), by media type, for the document. */
    requestContent?: Readonly<Record<string, { schema: unknown }>>;
    /** Answers that are not JSON (a file, audio, SRT, the event stream), by status then media type; `{}` means no body. */
    responseContent?: Readonly<Record<string, Readonly<Record<string, { schema: unknown }>>>>;
    /** Named example request bodies (the create operations have them). */
    bodyExamples?: Readonly<Record<string, { summary: string; value: unknown }>>;
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
