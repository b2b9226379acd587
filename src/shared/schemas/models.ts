import { Type, type Static } from 'typebox';
import { ERROR_CODES } from '../errors.js';
import { StrictObject, StringEnum } from './common.js';

// Request and response shapes of /v1/models: the catalogue joined with what is installed.

export const MODEL_TASKS = [
  'asr',
  'mt',
  'tts',
  'diarization',
  'lipsync',
  'face_restore',
  'separation',
  'inpaint',
  'vad',
  'ocr',
] as const;
/** What a model is for; the catalogue, the API and the renderer all use this one type. */
export type ModelTask = (typeof MODEL_TASKS)[number];
/** Whether a model's publishers allow commercial use of it, as it runs (its own weights and those it loads). */
export const COMMERCIAL_USES = ['allowed', 'not_allowed', 'unclear'] as const;
export type CommercialUse = (typeof COMMERCIAL_USES)[number];
/** `extracting`: unpacking a downloaded or imported archive (bytes of the archive read so far). */
export const INSTALL_STATES = [
  'downloading',
  'copying',
  'verifying',
  'extracting',
  'installed',
  'failed',
  'cancelled',
  'removed',
] as const;

export const ModelIdParams = Type.Object({
  id: Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: '^[a-z0-9][a-z0-9._-]*$',
    description: 'Catalogue id, e.g. whisper-base.',
  }),
});
export type ModelIdParams = Static<typeof ModelIdParams>;

export const InstallModelBody = StrictObject(
  {
    id: Type.String({ minLength: 1, maxLength: 64, description: 'Catalogue id of the model to install.' }),
    source_path: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 4096,
        description: 'Install from this local file or folder instead of downloading.',
      }),
    ),
  },
  { $id: 'InstallModelBody' },
);
export type InstallModelBody = Static<typeof InstallModelBody>;

export const InstallProgress = Type.Object(
  {
    state: StringEnum(INSTALL_STATES),
    received_bytes: Type.Integer({ minimum: 0 }),
    total_bytes: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Approximate until every file reported its size.' }),
    ),
    file: Type.Optional(Type.String()),
    err_code: Type.Optional(StringEnum(ERROR_CODES)),
    err_message: Type.Optional(Type.String()),
  },
  { $id: 'InstallProgress' },
);
export type InstallProgress = Static<typeof InstallProgress>;

export const ModelRecord = Type.Object(
  {
    id: Type.String(),
    task: StringEnum(MODEL_TASKS),
    title: Type.String(),
    description: Type.String({ description: 'What the model enables.' }),
    license: Type.String(),
    commercial_use: Type.Optional(
      StringEnum(COMMERCIAL_USES, {
        description:
          "Whether the publishers' terms allow commercial use of the model as it runs: its own " +
          'weights and the third-party weights it loads. ' +
          '`unclear`: the terms are ambiguous or silent on it; absent: not reviewed yet. Not legal ' +
          'advice: read `license` and `commercial_note`.',
      }),
    ),
    commercial_note: Type.Optional(
      Type.String({ description: 'What limits or qualifies commercial_use, e.g. which bundled model forbids it.' }),
    ),
    size_bytes: Type.Integer({ minimum: 0, description: 'Approximate download size.' }),
    homepage: Type.Optional(Type.String()),
    used_by: Type.Optional(
      Type.String({
        description:
          'The engine that uses this model; absent: nothing in this version uses it yet, and installing it is refused.',
      }),
    ),
    files: Type.Array(Type.Object({ name: Type.String(), size_bytes: Type.Optional(Type.Integer({ minimum: 0 })) })),
    archive: Type.Optional(
      Type.Object(
        {
          format: StringEnum(['tar.bz2', 'tar.gz', 'zip'] as const),
          directories: Type.Optional(
            Type.Array(Type.String(), { description: 'Folders kept whole from the archive.' }),
          ),
        },
        {
          description:
            'Published as this archive: the files (without their own download) come out of it; an ' +
            'import takes the archive or the folder extracted from it.',
        },
      ),
    ),
    installed: Type.Boolean(),
    installed_at: Type.Optional(Type.String()),
    size_on_disk: Type.Optional(Type.Integer({ minimum: 0 })),
    source: Type.Optional(StringEnum(['download', 'import'] as const)),
    install: Type.Optional(InstallProgress),
  },
  { $id: 'ModelRecord' },
);
export type ModelRecord = Static<typeof ModelRecord>;

export const ModelList = Type.Object({ models: Type.Array(ModelRecord) }, { $id: 'ModelList' });
export type ModelList = Static<typeof ModelList>;
