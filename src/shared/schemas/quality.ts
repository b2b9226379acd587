import { Type, type Static } from 'typebox';
import { StringEnum } from './common.js';

// ---- The quality report every finished job carries (docs/api.md "Quality report") ----

/** Why a place in a result needs a look; docs/api.md "Quality report" documents each one and its threshold. */
export const REVIEW_REASONS = [
  'low_confidence',
  'too_fast',
  'shifted',
  'glossary_missed',
  'not_translated',
  'text_remains',
  'low_ocr_confidence',
  'no_face',
  'weak_sync',
  'speaker_uncertain',
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

export const ReviewItemSchema = Type.Object(
  {
    start: Type.Number({ minimum: 0, description: 'Where to look, in media seconds.' }),
    end: Type.Number({ minimum: 0, description: 'End of the place to look, in media seconds.' }),
    reasons: Type.Array(StringEnum(REVIEW_REASONS), {
      minItems: 1,
      description: 'Why it needs a look (docs/api.md "Quality report").',
    }),
    detail: Type.String({ description: "What was measured there, in a user's words." }),
    line: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: "translate: the line (cue number) it concerns; frame_translate: the text block's number.",
      }),
    ),
    text: Type.Optional(Type.String({ description: 'The line or on-screen text it concerns, as the result has it.' })),
  },
  { $id: 'ReviewItem' },
);
export type ReviewItem = Static<typeof ReviewItemSchema>;

const Share = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });

/**
 * One shape for every kind: `review` always, and the numbers of the job's kind (docs/api.md lists which).
 * Every number is measured on the result itself (its frames and its mixed audio), never taken from the plan.
 */
export const QualityReportSchema = Type.Object(
  {
    review: Type.Array(ReviewItemSchema, {
      maxItems: 100,
      description:
        'Places to check, in time order; empty when nothing needs a look. At most 100: the rest are counted in review_omitted.',
    }),
    review_omitted: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Places to check beyond the first 100 (the task log names every one).' }),
    ),
    // translate
    recognition_confidence: Type.Optional(
      Type.Union([Share("translate: the recogniser's mean confidence over the spoken lines, 0..1."), Type.Null()], {
        description:
          "translate: the recogniser's mean confidence over the lines, 0..1; null when the lines came from an SRT or the screen.",
      }),
    ),
    max_speed: Type.Optional(
      Type.Union([Type.Number({ minimum: 0 }), Type.Null()], {
        description:
          'translate: the fastest line, as rate x stretch relative to normal speech, measured on the dub; null without a dub.',
      }),
    ),
    original_voice_reduction_db: Type.Optional(
      Type.Union([Type.Number(), Type.Null()], {
        description:
          'translate: how much quieter the original voice is in the result than in the input over ' +
          'its speech regions, dB; null without a dubbed mix.',
      }),
    ),
    speakers: Type.Optional(
      Type.Integer({ minimum: 0, description: 'translate: the number of distinct voices the dub speaks with.' }),
    ),
    // frame_translate
    texts: Type.Optional(
      Type.Integer({ minimum: 0, description: 'frame_translate: texts found (blocks shown on screen).' }),
    ),
    texts_unchanged: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'frame_translate: texts left untouched because their translation equals their source (numbers, names, codes).',
      }),
    ),
    residual_text: Type.Optional(
      Share(
        "frame_translate: the share of erased boxes where text remains, judged on each text's " +
          'middle frame as the erase left it (before its translation is drawn): it reads again, or ' +
          "keeps its strokes' contrast.",
      ),
    ),
    // lipsync and reusable_lipsync
    sync_score: Type.Optional(
      Type.Union([Type.Number({ minimum: -1, maximum: 1 }), Type.Null()], {
        description:
          "lipsync: Pearson correlation of the mouth opening read off the result's frames with the " +
          "driving audio's loudness; null when no face was seen.",
      }),
    ),
    face_coverage: Type.Optional(Share("lipsync: the share of the result's frames with a face.")),
    bank_coverage: Type.Optional(
      Type.Union(
        [
          Share("lipsync precision_v1 on a video: the share of speaking frames drawn with the person's own mouths."),
          Type.Null(),
        ],
        {
          description:
            "lipsync precision_v1 on a video: the share of frames drawn with the person's own mouths " +
            '(the rest from the fitted warp); null for other engines.',
        },
      ),
    ),
  },
  { $id: 'QualityReport', additionalProperties: false },
);
export type QualityReport = Static<typeof QualityReportSchema>;
