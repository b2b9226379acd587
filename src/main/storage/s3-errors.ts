// What an S3 failure means to a DubDesk user, as a catalogue error: a missing object is not_found; a missing
// bucket, refused or missing credentials and a missing region are configuration (final, saying what to set); an
// unreachable or overloaded server is worth a retry. Messages name the location, never a secret.
import { DubDeskError } from '../../shared/errors.js';
import { objectNotFound, rangeNotSatisfiable } from '../files/shared-storage.js';

/** The parts of an SDK error read here (S3ServiceException, a Node socket error, a CredentialsProviderError). */
interface S3Failure {
  name?: string;
  code?: string;
  /** Set on a local file's error (fs), never on a socket's. */
  path?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const CREDENTIAL_REFUSALS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'ExpiredToken',
  'InvalidToken',
  'Forbidden',
]);
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
const TRANSIENT = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'SlowDown',
  'ServiceUnavailable',
  'InternalError',
  'ThrottlingException',
]);

export interface FailureContext {
  /** s3://bucket/prefix */
  location: string;
  /** The endpoint's origin when one is set (never its user info). */
  endpoint?: string;
  /** What was being done, e.g. 'upload "files/x/a.mp4"'. */
  action: string;
  key?: string;
  /** A read's range start, for the invalid-range message. */
  rangeStart?: number;
}

/**
 * The error to throw for `error`; an AbortError (the caller's signal), a DubDeskError and a local file's error are
 * returned as they are.
 */
export function s3Error(error: unknown, context: FailureContext): unknown {
  const failure = (error ?? {}) as S3Failure;
  const name = failure.name ?? '';
  const status = failure.$metadata?.httpStatusCode;
  const where = `shared storage ${context.location}${context.endpoint ? ` (${context.endpoint})` : ''}`;
  const detail = `${name || failure.code || 'Error'}: ${failure.message ?? ''}`.trim();

  // A local file's error (a full disk, a folder not writable) is no storage failure: the catalogue's coercion reads it.
  if (name === 'AbortError' || error instanceof DubDeskError || failure.path !== undefined) return error;
  if (name === 'NoSuchBucket') {
    return new DubDeskError(
      'internal',
      `The bucket of ${where} does not exist: create it, or fix --storage (DUBDESK_STORAGE).`,
      { cause: error },
    );
  }
  if (context.key !== undefined && (name === 'NoSuchKey' || name === 'NotFound' || status === 404)) {
    return objectNotFound(context.location, context.key);
  }
  if (name === 'InvalidRange' || status === 416) {
    return rangeNotSatisfiable(context.location, context.key ?? '', context.rangeStart ?? 0, null);
  }
  if (CREDENTIAL_REFUSALS.has(name) || status === 401 || status === 403) {
    return new DubDeskError(
      'internal',
      `${capitalize(where)} refused the credentials to ${context.action} (${detail}). Check ` +
        `AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE) and the bucket's permissions.`,
      { cause: error },
    );
  }
  if (name === 'CredentialsProviderError') {
    return new DubDeskError(
      'internal',
      `No AWS credentials were found for ${where}: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE.`,
      { cause: error },
    );
  }
  if (/region is missing/i.test(failure.message ?? '')) {
    return new DubDeskError(
      'internal',
      `No AWS region is set for ${where}: set AWS_REGION (any value, such as us-east-1, for MinIO-style servers).`,
      { cause: error },
    );
  }
  if (UNREACHABLE.has(failure.code ?? '') || TRANSIENT.has(name) || (status !== undefined && status >= 500)) {
    return new DubDeskError(
      'internal',
      `${capitalize(where)} could not be reached to ${context.action} (${detail}). Check the ` +
        `endpoint (AWS_ENDPOINT_URL_S3) and the network.`,
      { cause: error, retryable: true },
    );
  }
  return new DubDeskError('internal', `${capitalize(where)} failed to ${context.action} (${detail}).`, {
    cause: error,
  });
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
