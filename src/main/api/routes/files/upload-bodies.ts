// Reading an upload's body into the file store: a raw body or one multipart file field, with client errors a user can act on.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { DubDeskError } from '../../../../shared/errors.js';
import type { FileUploadQuery } from '../../../../shared/schemas/files.js';
import { formatBytes } from '../../../files/byte-size.js';
import { decodeHeaderFileName } from '../../../files/file-names.js';
import type { FileRecord, FileStore } from '../../../files/file-store.js';
import { extensionForMime, normalizeMime } from '../../../files/mime-types.js';

/** What saving an upload uses of the file store. */
export type UploadStore = Pick<FileStore, 'maxInputBytes' | 'saveUpload'>;

export async function saveRawUpload(
  request: FastifyRequest<{ Querystring: FileUploadQuery }>,
  reply: FastifyReply,
  files: UploadStore,
): Promise<FileRecord> {
  const mime = normalizeMime(request.headers['content-type']);
  if (mime === 'application/json') {
    throw drained(
      request,
      reply,
      new DubDeskError(
        'invalid_request',
        'POST /v1/files takes the file itself as the body (raw, or multipart/form-data), not JSON.',
      ),
    );
  }
  const declaredLength = Number(request.headers['content-length'] ?? NaN);
  if (declaredLength > files.maxInputBytes) {
    throw drained(
      request,
      reply,
      new DubDeskError(
        'payload_too_large',
        `The file (${formatBytes(declaredLength)}) is larger than the ${formatBytes(files.maxInputBytes)} this service accepts.`,
      ),
    );
  }
  const body = request.body as Readable | undefined;
  if (!body)
    throw new DubDeskError(
      'invalid_request',
      'The request has no body: send the file as the raw body or as multipart/form-data.',
    );
  const headerName = request.headers['x-file-name'];
  const extension = mime ? extensionForMime(mime) : null;
  const name =
    request.query.name ??
    (typeof headerName === 'string' && headerName
      ? decodeHeaderFileName(headerName)
      : `upload${extension ? `.${extension}` : ''}`);
  try {
    return await files.saveUpload(body, { name, mime });
  } catch (error) {
    throw drained(request, reply, error);
  }
}

export async function saveMultipartUpload(
  request: FastifyRequest<{ Querystring: FileUploadQuery }>,
  reply: FastifyReply,
  files: UploadStore,
): Promise<FileRecord> {
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    // The parser (busboy) throws plain errors for a body that is not the multipart it claims to be: that is the client's error.
    const status = (error as { statusCode?: number }).statusCode;
    if (status === undefined) throw drained(request, reply, multipartReadError(request.headers['content-type'], error));
    if (status >= 500) throw error;
    const code = status === 413 ? 'payload_too_large' : 'invalid_request';
    throw drained(
      request,
      reply,
      new DubDeskError(code, `The multipart body could not be read: ${(error as Error).message}.`),
    );
  }
  if (!part) throw new DubDeskError('invalid_request', 'The multipart body has no file field.');
  try {
    return await files.saveUpload(part.file, {
      name: part.filename || request.query.name || 'upload',
      mime: part.mimetype,
    });
  } catch (error) {
    // Let the parser read (and drop) the rest of the file so the request can finish.
    part.file.resume();
    throw drained(request, reply, error);
  }
}

/** A client error that says what was wrong with a multipart body, in the user's terms. */
function multipartReadError(contentType: string | undefined, error: unknown): DubDeskError {
  if (!/;\s*boundary=/i.test(contentType ?? '')) {
    return new DubDeskError(
      'invalid_request',
      'Content-Type multipart/form-data needs a boundary parameter (multipart/form-data; ' +
        'boundary=...); send the file as a form, or send it raw with its own Content-Type.',
    );
  }
  const reason = (error as Error | undefined)?.message?.replace(/\.$/, '') ?? 'unknown reason';
  return new DubDeskError(
    'invalid_request',
    `The body is not the multipart/form-data its Content-Type says (${reason}); send the file ` +
      `as a form with one file field, or send it raw with its own Content-Type.`,
    { cause: error },
  );
}

/** Reads and drops the rest of a refused upload so the client gets the error instead of a reset connection. */
function drained(request: FastifyRequest, reply: FastifyReply, error: unknown): unknown {
  if (!request.raw.complete) {
    void reply.header('connection', 'close');
    request.raw.resume();
  }
  return error;
}
