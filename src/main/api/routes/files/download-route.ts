// GET|HEAD /v1/files/:file_id: a stored file, with an API key or its signed URL's token; ranged, cached by ETag.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DubDeskError } from '../../../../shared/errors.js';
import { FileDownloadQuery, FileIdParams } from '../../../../shared/schemas/files.js';
import { contentDisposition } from '../../../files/file-names.js';
import type { FileStore } from '../../../files/file-store.js';
import { contentRange, parseRangeHeader, unsatisfiedContentRange } from '../../../files/http-range.js';
import type { FileUrlSigner } from '../../../files/signed-urls.js';
import type { App } from '../../app-types.js';

export interface FileDownloadRoutesOptions {
  files: Pick<FileStore, 'get' | 'stat' | 'read'>;
  signer: Pick<FileUrlSigner, 'verifyToken'>;
}

// Types a browser may show inline; anything else (HTML, SVG, scripts) is served as a download.
const INLINE_SAFE =
  /^(video\/|audio\/|image\/(png|jpeg|webp|gif|bmp)$|text\/(plain|vtt)$|application\/(x-subrip|json)$)/;

export async function fileDownloadRoutes(app: App, { files, signer }: FileDownloadRoutesOptions): Promise<void> {
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
      requireKeyOrToken(signer, request, fileId, token);
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
      if (range.kind === 'unsatisfiable') return refuseRange(reply, request.headers.range, size);

      const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, size - 1];
      if (range.kind === 'partial') void reply.status(206).header('content-range', contentRange(start, end, size));
      void reply.header('content-length', String(end - start + 1));
      if (request.method === 'HEAD' || size === 0) return reply.send();
      return reply.send(await files.read(record, { start, end }));
    },
  });
}

/** The auth hook sets apiKeyId when a valid key came with the request; otherwise the token must name this file. */
function requireKeyOrToken(
  signer: FileDownloadRoutesOptions['signer'],
  request: FastifyRequest,
  fileId: string,
  token: string | undefined,
): void {
  const hasKey = Boolean((request as { apiKeyId?: unknown }).apiKeyId);
  if (!hasKey && !signer.verifyToken(fileId, token)) {
    throw new DubDeskError(
      'unauthorized',
      token
        ? 'This file link is not valid: its token is wrong or expired.'
        : 'Send an API key (Authorization: Bearer <key>) or use the signed URL of the file.',
    );
  }
}

/** 416 with the catalogue's error as JSON: the headers set for the file's bytes no longer apply. */
function refuseRange(reply: FastifyReply, requested: string | undefined, size: number): FastifyReply {
  const failure = new DubDeskError(
    'invalid_request',
    `The requested range ${requested} is outside the file, which has ${size} bytes.`,
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
