import { Type, type Static } from 'typebox';
import { StringEnum } from './common.js';

// Request and response shapes of /v1/voices: the voices a dub can use (selected_voice_id), built in and installed.

export const VOICE_GENDERS = ['female', 'male', 'neutral'] as const;

export const VoiceListQuery = Type.Object(
  {
    language: Type.Optional(
      Type.String({
        minLength: 2,
        maxLength: 35,
        pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$',
        description:
          'Only voices for this language, optionally with a locale (de, pt-BR); the best-matching locale comes first.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type VoiceListQuery = Static<typeof VoiceListQuery>;

export const VoiceIdParams = Type.Object({
  voice_id: Type.String({ minLength: 1, maxLength: 128, description: 'Voice id, e.g. espeak:de+f2.' }),
});
export type VoiceIdParams = Static<typeof VoiceIdParams>;

export const VoiceRecord = Type.Object(
  {
    voice_id: Type.String({ description: 'Pass as selected_voice_id.' }),
    name: Type.String(),
    language: Type.String({ description: 'Language code as in the supported language list.' }),
    locale: Type.Optional(Type.String({ description: "The engine's locale or voice code, e.g. pt-br, en-gb, cmn." })),
    gender: StringEnum(VOICE_GENDERS),
    engine: Type.String({ description: 'espeak (built in), piper, kokoro or zipvoice (installed voice models).' }),
    quality: StringEnum(['draft', 'standard'] as const, {
      description: 'draft: eSpeak NG (robotic); standard: neural voices.',
    }),
    clones: Type.Optional(
      Type.Boolean({
        description:
          "Speaks in the voice of each speaker's own reference speech (voice_model=real) instead of a fixed voice.",
      }),
    ),
    pitch_hz: Type.Optional(Type.Number({ description: 'Typical median pitch (F0) of the voice, Hz.' })),
    sample_url: Type.String({ description: 'A short sentence in this voice (audio/wav).' }),
  },
  { $id: 'VoiceRecord' },
);
export type VoiceRecord = Static<typeof VoiceRecord>;

export const VoiceList = Type.Object({ voices: Type.Array(VoiceRecord) }, { $id: 'VoiceList' });
export type VoiceList = Static<typeof VoiceList>;
