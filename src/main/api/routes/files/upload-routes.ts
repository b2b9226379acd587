// POST /v1/files (a raw body or a multipart upload) and DELETE /v1/files/:file_id (an uploaded file).
import type { FastifyRequest } from 'fastify';
import { DubDeskError } from '../../../../shared/errors.js';
import { FileIdParams, FileUploadHeaders, FileUploadQuery, UploadedFile } from '../../../../shared/schemas/files.js';
import type { FileRecord, FileStore } from '../../../files/file-store.js';
import type { FileUrlSigner } from '../../../files/signed-urls.js';
import type { App } from '../../app-types.js';
import { saveMultipartUpload, saveRawUpload, type UploadStore } from './upload-bodies.js';

export interface FileUploadRoutesOptions {
  files: UploadStore & Pick<FileStore, 'get' | 'remove'>;
  signer: Pick<FileUrlSigner, 'fileUrl'>;
  baseUrl: (request: FastifyRequest) => string;
}

/** Register inside fileRoutes: it sets the body parsers (streams, multipart) these routes read. */
export async function fileUploadRoutes(app: App, { files, signer, baseUrl }: FileUploadRoutesOptions): Promise<void> {
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
}
