import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FileStore } from '../../files/file-store.js';
import type { FileUrlSigner } from '../../files/signed-urls.js';
import type { App } from '../app-types.js';
import { fileDownloadRoutes } from './files/download-route.js';
import { fileUploadRoutes } from './files/upload-routes.js';

export interface FileRoutesOptions {
  files: FileStore;
  signer: FileUrlSigner;
  /** The base URL the request is answered with (e.g. http://127.0.0.1:7860): the address it came to (docs/api.md "URLs"). */
  baseUrl: (request: FastifyRequest) => string;
}

/**
 * POST /v1/files (raw body or multipart upload), DELETE /v1/files/:file_id and GET|HEAD /v1/files/:file_id (ranged,
 * signed download). Register without fastify-plugin: the catch-all body parser must stay inside this plugin.
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
  await app.register(fileUploadRoutes, { files, signer, baseUrl });
  await app.register(fileDownloadRoutes, { files, signer });
}
