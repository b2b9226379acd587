import { Type, type Static } from 'typebox';

/** GET /v1/meta: the job kinds this service serves, as their kind modules declare them (the GUI's catalogue reads it). */
export const KindsMetaSchema = Type.Object({
  kinds: Type.Array(Type.Object({
    id: Type.String(),
    title: Type.String(),
    create_route: Type.String(),
    status_route: Type.String(),
    statuses: Type.Array(Type.String()),
    stages: Type.Array(Type.Object({
      name: Type.String(),
      /** The public status the job shows while the stage runs. */
      status: Type.String(),
      label: Type.String(),
    })),
  })),
}, { $id: 'KindsMeta' });
export type KindsMeta = Static<typeof KindsMetaSchema>;

/** GET /v1/health. */
export const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String(),
  active_tasks: Type.Integer({ description: 'Tasks queued or running now.' }),
}, { $id: 'Health' });

/** GET /v1/languages: what source_language and target_language accept. */
export const LanguageListSchema = Type.Object({
  languages: Type.Array(Type.Object({
    code: Type.String({ description: 'ISO 639-1 code where one exists, else ISO 639-3; what the requests use.' }),
    iso3: Type.String({ description: 'ISO 639-3 code.' }),
    name: Type.String({ description: 'English name.' }),
  }, { $id: 'Language' })),
}, { $id: 'LanguageList' });
