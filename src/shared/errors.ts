// The one error catalogue (docs/api.md "Errors"): every failure, request or job, is one of these codes.

export const ERROR_CATALOGUE = {
  invalid_request: { status: 400, retryable: false },
  conflicting_fields: { status: 400, retryable: false },
  too_many_glossaries: { status: 400, retryable: false },
  unsupported_language: { status: 400, retryable: false },
  unsupported_media: { status: 400, retryable: false },
  media_too_long: { status: 400, retryable: false },
  invalid_subtitle: { status: 400, retryable: false },
  model_not_installed: { status: 400, retryable: false },
  unauthorized: { status: 401, retryable: false },
  forbidden: { status: 403, retryable: false },
  not_found: { status: 404, retryable: false },
  conflict: { status: 409, retryable: false },
  payload_too_large: { status: 413, retryable: false },
  rate_limited: { status: 429, retryable: true },
  internal: { status: 500, retryable: false },
  // Job failure codes (err_code of a failed job).
  download_failed: { status: 400, retryable: true },
  media_unreadable: { status: 400, retryable: false },
  no_audio: { status: 400, retryable: false },
  no_face_detected: { status: 400, retryable: false },
  no_speech_detected: { status: 400, retryable: false },
  no_text_detected: { status: 400, retryable: false },
  engine_failed: { status: 500, retryable: true },
  out_of_disk: { status: 507, retryable: true },
  cancelled: { status: 409, retryable: false },
  // Local addition (docs/api.md): a job kind whose pipeline this build does not have yet.
  pipeline_unavailable: { status: 501, retryable: false },
  // Local addition (docs/api.md): the database is away or locked for now; answered with Retry-After.
  database_unavailable: { status: 503, retryable: true },
} as const satisfies Record<string, { status: number; retryable: boolean }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** The body of every failed HTTP response. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  serverTs: string;
}

export class DubDeskError extends Error {
  readonly code: ErrorCode;
  /** Overrides the catalogue's retryability for this one failure (e.g. a 404 download is final). */
  readonly retryable: boolean;

  constructor(code: ErrorCode, message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.name = 'DubDeskError';
    this.code = code;
    this.retryable = options.retryable ?? ERROR_CATALOGUE[code].retryable;
  }

  get status(): number {
    return ERROR_CATALOGUE[this.code].status;
  }

  toBody(now: Date = new Date()): ErrorBody {
    return { code: this.code, message: this.message, serverTs: now.toISOString() };
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_CATALOGUE;
}

/** Coerces anything thrown into a catalogue error; unknown failures become `internal` without leaking a stack. */
export function toDubDeskError(error: unknown): DubDeskError {
  if (error instanceof DubDeskError) return error;
  if (error instanceof Error && error.name === 'AbortError')
    return new DubDeskError('cancelled', 'The task was cancelled.');
  const errno = (error as NodeJS.ErrnoException | undefined)?.code;
  if (errno === 'ENOSPC')
    return new DubDeskError(
      'out_of_disk',
      'The disk holding the DubDesk data folder is full. Free some space and retry the task.',
    );
  return new DubDeskError('internal', 'An unexpected error happened inside DubDesk. The service log has the details.', {
    cause: error,
  });
}
