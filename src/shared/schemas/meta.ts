import { Type, type Static } from 'typebox';
import { StringEnum } from './common.js';

/** The sorts of media a request names by URL (the GUI sorts dropped files the same way). */
export const INPUT_MEDIA = ['video', 'audio', 'image', 'subtitle'] as const;
export type InputMedia = (typeof INPUT_MEDIA)[number];

/** One file a kind's create request names by URL, as its kind module declares it (local addition). */
export const KindInputSchema = Type.Object(
  {
    field: Type.String({ description: 'The request field holding the URL.' }),
    media: StringEnum(INPUT_MEDIA, {
      description: 'What sort of media it is; with `media_from`, the sort when that field holds none of its values.',
    }),
    media_from: Type.Optional(
      Type.Object({
        field: Type.String({ description: 'The request field that says the sort, e.g. `media_type`.' }),
        values: Type.Record(Type.String(), StringEnum(INPUT_MEDIA), {
          description: "That field's values and the sort each one means.",
        }),
      }),
    ),
    main: Type.Boolean({
      description: "The task's original input, shown beside its result; at most one input of a kind is main.",
    }),
  },
  { $id: 'KindInput' },
);

/** GET /v1/meta: the job kinds this service serves, as their kind modules declare them (the GUI's catalogue reads it). */
export const KindsMetaSchema = Type.Object(
  {
    kinds: Type.Array(
      Type.Object({
        id: Type.String(),
        title: Type.String(),
        create_route: Type.String(),
        status_route: Type.String(),
        statuses: Type.Array(Type.String()),
        inputs: Type.Array(KindInputSchema, {
          description: 'The files its create request names by URL, main input first (local addition).',
        }),
        stages: Type.Array(
          Type.Object({
            name: Type.String(),
            /** The public status the job shows while the stage runs. */
            status: Type.String(),
            label: Type.String(),
          }),
        ),
      }),
    ),
  },
  { $id: 'KindsMeta' },
);
export type KindsMeta = Static<typeof KindsMetaSchema>;

/** GET /v1/health. */
export const HealthSchema = Type.Object(
  {
    status: Type.Literal('ok'),
    version: Type.String(),
    active_tasks: Type.Integer({ description: 'Tasks queued or running now.' }),
  },
  { $id: 'Health' },
);

/** GET /v1/languages: what source_language and target_language accept. */
export const LanguageListSchema = Type.Object(
  {
    languages: Type.Array(
      Type.Object(
        {
          code: Type.String({ description: 'ISO 639-1 code where one exists, else ISO 639-3; what the requests use.' }),
          iso3: Type.String({ description: 'ISO 639-3 code.' }),
          name: Type.String({ description: 'English name.' }),
        },
        { $id: 'Language' },
      ),
    ),
  },
  { $id: 'LanguageList' },
);
