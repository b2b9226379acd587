import { Type, type Static } from 'typebox';

// GET /v1/capabilities: what this service can run now, and what to install for the rest (the GUI's forms default to it).

export const CAPABILITIES = ['transcribe', 'translate', 'speak', 'precision_lipsync'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const CapabilitiesSchema = Type.Object(
  {
    capabilities: Type.Object(
      Object.fromEntries(CAPABILITIES.map((name) => [name, Type.Boolean()])) as Record<
        Capability,
        ReturnType<typeof Type.Boolean>
      >,
    ),
    /** One entry per capability that cannot run: the catalogue models that would enable it (may be none) and what to do. */
    missing: Type.Record(
      Type.String(),
      Type.Object({
        models: Type.Array(Type.String(), {
          description: 'Catalogue ids to install; empty when no engine in this version can do it.',
        }),
        message: Type.String(),
      }),
    ),
  },
  { $id: 'Capabilities' },
);
export type Capabilities = Static<typeof CapabilitiesSchema>;
