import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DubDeskError, toDubDeskError, type ErrorCode } from '../../shared/errors.js';
import { validationError, type ValidationFailure } from '../requests/body-validation.js';

/** The catalogue code for an HTTP status a framework or plugin gave a failure the client caused. */
function clientErrorCode(status: number): ErrorCode {
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  return 'invalid_request';
}

/** What a user reads for an internal error: where the service log is and the request id to look for. */
export function internalErrorMessage(requestId: string, logFile: string | undefined): string {
  const where = logFile ? `The service log (${logFile}) has the details` : 'The service log has the details';
  return `An unexpected error happened inside DubDesk. ${where}: look for request id ${requestId}.`;
}

/** Seconds a client waits before retrying while the database is away: a restart or failover takes about that long. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Seconds before asking again once the queue is full: a place frees only when a task ends, which takes minutes. */
export const RATE_LIMITED_RETRY_AFTER_SECONDS = 30;

export interface ErrorHandlingOptions {
  /** The service log's current file, named in 500 messages. */
  logFile?: string;
}

/** Maps everything a request can throw to the catalogue's `{code, message, serverTs}` body. */
export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler(
    (error: FastifyError & { validation?: ValidationFailure[]; validationContext?: string }, request, reply) => {
      let failure: DubDeskError;
      if (error.validation) {
        failure = validationError(error.validation, error.validationContext, request.body);
      } else if (
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        error instanceof SyntaxError
      ) {
        failure = new DubDeskError('invalid_request', 'The request body is not valid JSON.');
      } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        failure = new DubDeskError(
          'invalid_request',
          `Content-Type ${request.headers['content-type'] ?? '(none)'} is not accepted here; send application/json.`,
        );
      } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        failure = new DubDeskError('payload_too_large', 'The request body is larger than this service accepts.');
      } else if (
        !(error instanceof DubDeskError) &&
        typeof error.statusCode === 'number' &&
        error.statusCode >= 400 &&
        error.statusCode < 500
      ) {
        // Fastify and its plugins (multipart limits, bad headers) flag what the client caused with a 4xx: keep it a 4xx.
        failure = new DubDeskError(clientErrorCode(error.statusCode), `${error.message.replace(/\.$/, '')}.`);
      } else {
        failure = toDubDeskError(error);
        if (failure.code === 'internal') {
          request.log.error({ err: error }, 'unexpected error');
          failure = new DubDeskError('internal', internalErrorMessage(String(request.id), options.logFile), {
            cause: error,
          });
        } else if (failure.code === 'database_unavailable') {
          request.log.warn({ err: failure.cause }, 'database unavailable');
          void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        }
      }
      if (failure.code === 'rate_limited') void reply.header('retry-after', String(RATE_LIMITED_RETRY_AFTER_SECONDS));
      void reply.status(failure.status).send(failure.toBody());
    },
  );
  app.setNotFoundHandler((request, reply) => {
    const failure = new DubDeskError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`);
    void reply.status(404).send(failure.toBody());
  });
}

/** Fastify's router failures (a malformed %-escape, an over-long path parameter) in the catalogue's shape. */
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is longer than this service accepts.'
      : 'The request URL is not valid: it has a malformed %-escape.';
  const failure = new DubDeskError('invalid_request', message);
  void reply.status(failure.status).send(failure.toBody());
}

/** Requests Node's HTTP parser rejects (unknown method, oversized headers) get a catalogue body too, then the socket closes. */
export function clientErrorReply(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const message =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'The request headers are larger than this service accepts.'
      : 'The request is not valid HTTP.';
  const body = JSON.stringify(new DubDeskError('invalid_request', message).toBody());
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; ` +
      `charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: ` +
      `close\r\n\r\n${body}`,
  );
}
