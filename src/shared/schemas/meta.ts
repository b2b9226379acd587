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
