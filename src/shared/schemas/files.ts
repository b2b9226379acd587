import { Type, type Static } from 'typebox';

// Request and response shapes of /v1/files: uploads in, results and uploads out.

export const FileIdParams = Type.Object({
  file_id: Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'The id from POST /v1/files or a result URL.',
  }),
});
export type FileIdParams = Static<typeof FileIdParams>;

export const FileDownloadQuery = Type.Object({
  token: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Signed token from a result or upload URL; lets the URL work without the Authorization header.',
    }),
  ),
  download: Type.Optional(
    Type.String({ description: "'1' or 'true' serves the file as an attachment (Save as) instead of inline." }),
  ),
});
export type FileDownloadQuery = Static<typeof FileDownloadQuery>;

export const FileUploadQuery = Type.Object({
  name: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'File name of a raw-body upload (or send the X-File-Name header, percent-encoded).',
    }),
  ),
});
export type FileUploadQuery = Static<typeof FileUploadQuery>;

export const FileUploadHeaders = Type.Object({
  'x-file-name': Type.Optional(
    Type.String({ description: 'File name of a raw-body upload, percent-encoded (or pass `?name=`).' }),
  ),
});

export const UploadedFile = Type.Object(
  {
    file_id: Type.String(),
    url: Type.String({
      description:
        'Absolute, signed URL of the file: accepted in any *_url field of a create request and playable without the Authorization header.',
    }),
    name: Type.String(),
    size: Type.Integer({ minimum: 0, description: 'Bytes.' }),
  },
  { $id: 'UploadedFile' },
);
export type UploadedFile = Static<typeof UploadedFile>;
