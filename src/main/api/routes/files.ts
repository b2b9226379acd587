import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { DubDeskError } from '../../../shared/errors.js';
import {
  FileDownloadQuery,
  FileIdParams,
  FileUploadHeaders,
  FileUploadQuery,
  UploadedFile,
} from '../../../shared/schemas/files.js';
import { formatBytes } from '../../files/byte-size.js';
import { contentDisposition, decodeHeaderFileName } from '../../files/file-names.js';
import type { FileRecord, FileStore } from '../../files/file-store.js';
import { contentRange, parseRangeHeader, unsatisfiedContentRange } from '../../files/http-range.js';
import { extensionForMime, normalizeMime } from '../../files/mime-types.js';
import type { FileUrlSigner } from '../../files/signed-urls.js';
import type { App } from '../app-types.js';

export interface FileRoutesOptions {
  files: FileStore;
  signer: FileUrlSigner;
  /** The base URL the request is answered with (e.g. http://127.0.0.1:7860): the address it came to (docs/api.md "URLs"). */
  baseUrl: (request: FastifyRequest) => string;
}

// Types a browser may show inline; anything else (HTML, SVG, scripts) is served as a download.
const INLINE_SAFE =
  /^(video\/|audio\/|image\/(png|jpeg|webp|gif|bmp)$|text\/(plain|vtt)$|application\/(x-subrip|json)$)/;

/**
 * POST /v1/files (raw body or multipart upload) and GET|HEAD /v1/files/:file_id (ranged, signed download).
 * Register without fastify-plugin: the catch-all body parser must stay inside this plugin.
 */
export async function fileRoutes(app: App, { files, signer, baseUrl }: FileRoutesOptions): Promise<void> {
  // Uploads arrive as streams of any type; JSON and text must not be buffered by the default parsers.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  await app.register(multipart, {
    // One byte over the cap reaches the store, which turns it into payload_too_large.
    limits: { files: 1, fileSize: files.maxInputBytes + 1, fields: 20, fieldSize: 64 * 1024 },
    throwFileSizeLimit: false,
  });

  const toUploadedFile = (record: FileRecord, request: FastifyRequest): UploadedFile => ({
    file_id: record.id,
    url: signer.fileUrl(baseUrl(request), record.id),
    name: record.name,
    size: record.size,
  });

  app.post(
    '/v1/files',
    {
      schema: {
        querystring: FileUploadQuery,
        headers: FileUploadHeaders,
        response: { 201: UploadedFile },
      },
      config: {
        operationId: 'uploadFile',
        summary: 'Upload an input file',
        description:
          'Stores a file for later jobs and answers 201 with its id and signed `url`: the raw body ' +
          'with its own Content-Type (its name from `X-File-Name` or `?name=`), ' +
          "or `multipart/form-data` with one file field. Use the `url` as a job's `*_url` field. " +
          'The upload is streamed to disk; a file over the size cap (20 GiB by default) answers ' +
          '`payload_too_large`, an empty or JSON body `invalid_request`.',
        errors: ['out_of_disk'],
        requestContent: {
          'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
          },
        },
      },
    },
    async (request, reply) => {
      const record = request.isMultipart()
        ? await saveMultipartUpload(request, reply, files)
        : await saveRawUpload(request, reply, files);
      return reply.status(201).send(toUploadedFile(record, request));
    },
  );

  app.delete(
    '/v1/files/:file_id',
    {
      schema: { params: FileIdParams },
      config: {
        operationId: 'deleteFile',
        summary: 'Delete an uploaded file',
        description:
          'Deletes an uploaded file and answers 204; its URL stops working. ' +
          'A result file answers `conflict`: it goes with its task (DELETE /v1/tasks/{task_id}).',
        errors: ['conflict'],
        responseContent: { 204: {} },
      },
    },
    async (request, reply) => {
      const record = await files.get(request.params.file_id);
      if (!record) throw new DubDeskError('not_found', `File ${request.params.file_id} does not exist.`);
      if (record.origin !== 'upload')
        throw new DubDeskError(
          'conflict',
          `File ${record.id} is a result of task ${record.taskId}; delete the task to remove it.`,
        );
      await files.remove(record.id);
      return reply.status(204).send();
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/v1/files/:file_id',
    exposeHeadRoute: false,
    config: {
      auth: 'signed-url',
      operationId: 'getFile',
      summary: 'Download a result or uploaded file',
      description:
        'The file itself, in its own Content-Type, with an API key or with the `token` of its ' +
        'signed URL (result and upload URLs carry one; a wrong or expired token is ' +
        '`unauthorized`). ' +
        'A single byte `Range` answers 206, a range outside the file 416 with `invalid_request`; ' +
        '`If-None-Match` with its ETag answers 304; `?download=1` makes it an attachment. ' +
        'HEAD answers the same headers without the body.',
      responseContent: {
        200: { '*/*': { schema: { type: 'string', format: 'binary' } } },
        206: { '*/*': { schema: { type: 'string', format: 'binary' } } },
        304: {},
        416: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
    schema: {
      params: FileIdParams,
      querystring: FileDownloadQuery,
    },
    handler: async (request, reply) => {
      const { file_id: fileId } = request.params;
      const { token, download } = request.query;
      // The auth hook sets apiKeyId when a valid key came with the request; otherwise the token must name this file.
      const hasKey = Boolean((request as { apiKeyId?: unknown }).apiKeyId);
      if (!hasKey && !signer.verifyToken(fileId, token)) {
        throw new DubDeskError(
          'unauthorized',
          token
            ? 'This file link is not valid: its token is wrong or expired.'
            : 'Send an API key (Authorization: Bearer <key>) or use the signed URL of the file.',
        );
      }
      const record = await files.get(fileId);
      if (!record) throw new DubDeskError('not_found', `File ${fileId} does not exist.`);
      // The data folder's file, or shared storage's object (--storage): the same headers and ranges either way.
      const info = await files.stat(record);
      if (!info) throw new DubDeskError('not_found', `File ${fileId} is no longer stored.`);
      const size = info.size;

      const etag = `"${record.id}-${size}"`;
      const lastModified = new Date(record.createdAt).toUTCString();
      const asAttachment = download === '1' || download === 'true' || !INLINE_SAFE.test(record.mime);
      void reply.headers({
        'accept-ranges': 'bytes',
        'content-type': record.mime,
        'content-disposition': contentDisposition(asAttachment ? 'attachment' : 'inline', record.name),
        etag,
        'last-modified': lastModified,
        'cache-control': 'private, no-cache',
        'x-content-type-options': 'nosniff',
        // Even a file a browser opens directly cannot run script on the service's origin.
        'content-security-policy': "default-src 'none'; media-src 'self'; img-src 'self'; sandbox",
      });

      if (request.headers['if-none-match'] === etag) return reply.status(304).send();

      const ifRange = request.headers['if-range'];
      const rangeHeader =
        ifRange === undefined || ifRange === etag || ifRange === lastModified ? request.headers.range : undefined;
      const range = parseRangeHeader(rangeHeader, size);
      if (range.kind === 'unsatisfiable') {
        const failure = new DubDeskError(
          'invalid_request',
          `The requested range ${request.headers.range} is outside the file, which has ${size} bytes.`,
        );
        reply.removeHeader('content-disposition');
        return reply
          .status(416)
          .headers({
            'content-range': unsatisfiedContentRange(size),
            'content-type': 'application/json; charset=utf-8',
          })
          .send(JSON.stringify(failure.toBody()));
      }

      const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, size - 1];
      if (range.kind === 'partial') void reply.status(206).header('content-range', contentRange(start, end, size));
      void reply.header('content-length', String(end - start + 1));
      if (request.method === 'HEAD' || size === 0) return reply.send();
      return reply.send(await files.read(record, { start, end }));
    },
  });
}

async function saveRawUpload(
  request: FastifyRequest<{ Querystring: FileUploadQuery }>,
  reply: FastifyReply,
  files: FileStore,
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

async function saveMultipartUpload(
  request: FastifyRequest<{ Querystring: FileUploadQuery }>,
  reply: FastifyReply,
  files: FileStore,
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
