// Editable projects (docs/api.md "Projects"): a translate or visual translate job's lines, to proofread, edit and
// export again. The API validates with these and the renderer's project editor types its data by them.
import { Type, type Static } from 'typebox';
import { StrictObject, StringEnum } from './common.js';
import { TaskWarningSchema } from './jobs.js';

export const PROJECT_KINDS = ['translate', 'frame_translate'] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

/**
 * ok: as the job made it; edited: changed since; regenerated: its voice made again after an edit; too_long: its
 * speech does not fit its time.
 */
export const SEGMENT_STATUSES = ['ok', 'edited', 'regenerated', 'too_long'] as const;
export type SegmentStatus = (typeof SEGMENT_STATUSES)[number];

export const ProjectBoxSchema = StrictObject(
  {
    x: Type.Number({ minimum: 0, maximum: 1 }),
    y: Type.Number({ minimum: 0, maximum: 1 }),
    width: Type.Number({ minimum: 0, maximum: 1 }),
    height: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { $id: 'ProjectBox', description: 'Fractions of the frame, as ocr_text_box.' },
);
export type ProjectBox = Static<typeof ProjectBoxSchema>;

/** How a line's speech fits its time, measured when its voice was last made (null until then). */
export const SegmentFitSchema = Type.Object(
  {
    speech_seconds: Type.Number({ description: 'The line spoken at the normal rate.' }),
    room_seconds: Type.Number({ description: 'Its time: from its start to the next line (or the end).' }),
    rate: Type.Number({ description: 'Speaking-rate boost the fit uses (1 = normal).' }),
    stretch: Type.Number({ description: 'Time-stretch on top of the rate (1 = none).' }),
  },
  { $id: 'SegmentFit' },
);
export type SegmentFit = Static<typeof SegmentFitSchema>;

export const ProjectSegmentSchema = Type.Object(
  {
    segment_id: Type.String(),
    start: Type.Number({ description: 'Seconds in the input media.' }),
    end: Type.Number(),
    source_text: Type.String(),
    target_text: Type.String(),
    revision: Type.Integer({ description: 'Send it back with an edit; a stale one answers 409 conflict.' }),
    status: StringEnum(SEGMENT_STATUSES),
    // translate projects
    speaker: Type.Optional(Type.String()),
    voice_id: Type.Optional(
      Type.Union([Type.String(), Type.Null()], { description: 'null: the voice the export chooses for the speaker.' }),
    ),
    fit: Type.Optional(Type.Union([SegmentFitSchema, Type.Null()])),
    // frame_translate projects
    box: Type.Optional(ProjectBoxSchema),
  },
  { $id: 'ProjectSegment' },
);
export type ProjectSegment = Static<typeof ProjectSegmentSchema>;

export const ProjectSummarySchema = Type.Object(
  {
    project_id: Type.String(),
    kind: StringEnum(PROJECT_KINDS),
    task_id: Type.String({ description: 'The job that made the project.' }),
    source_language: Type.String(),
    target_language: Type.String(),
    revision: Type.Integer({ description: 'Goes up with every change to the project.' }),
    segment_count: Type.Integer(),
    media_url: Type.Optional(Type.String({ description: 'The input media, to play beside the editor.' })),
    media_duration: Type.Optional(Type.Number({ description: 'Seconds.' })),
    project_url: Type.String({ description: 'Opens the project in the GUI.' }),
    export_task_ids: Type.Array(Type.String(), { description: 'Tasks exported from it, newest first.' }),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'ProjectSummary' },
);
export type ProjectSummary = Static<typeof ProjectSummarySchema>;

export const ProjectSchema = Type.Object(
  {
    ...ProjectSummarySchema.properties,
    /** Per speaker, the voice the export uses for lines whose voice_id is null (known once a dub was made). */
    speakers: Type.Array(Type.Object({ speaker: Type.String(), voice_id: Type.Union([Type.String(), Type.Null()]) })),
    segments: Type.Array(ProjectSegmentSchema),
  },
  { $id: 'Project' },
);
export type Project = Static<typeof ProjectSchema>;

export const ProjectListSchema = Type.Object({ projects: Type.Array(ProjectSummarySchema) }, { $id: 'ProjectList' });

export const ProjectIdParams = Type.Object({ project_id: Type.String({ minLength: 1, maxLength: 64 }) });
export const SegmentIdParams = Type.Object({
  project_id: Type.String({ minLength: 1, maxLength: 64 }),
  segment_id: Type.String({ minLength: 1, maxLength: 64 }),
});
export const ProjectListQuery = Type.Object({ task_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) });

/**
 * The most characters (code points) a project line's source or target text may hold, however the line is made (an
 * edit, a merge, an SRT upload, a new translation): about two minutes of speech, whose synthesis stays a few MB.
 */
export const MAX_LINE_CHARACTERS = 2000;
const TEXT_LIMIT = MAX_LINE_CHARACTERS;

export const SegmentPatchSchema = StrictObject(
  {
    revision: Type.Integer({ minimum: 0, description: 'The segment revision the edit was made on.' }),
    start: Type.Optional(Type.Number({ minimum: 0 })),
    end: Type.Optional(Type.Number({ minimum: 0 })),
    speaker: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    source_text: Type.Optional(Type.String({ maxLength: TEXT_LIMIT })),
    target_text: Type.Optional(Type.String({ maxLength: TEXT_LIMIT })),
    voice_id: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 128 }), Type.Null()])),
    box: Type.Optional(ProjectBoxSchema),
  },
  { $id: 'SegmentPatch' },
);
export type SegmentPatch = Static<typeof SegmentPatchSchema>;

export const SplitBodySchema = StrictObject(
  {
    at: Type.Number({ minimum: 0, description: 'Seconds, strictly inside the segment.' }),
    revision: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { $id: 'SegmentSplit' },
);

export const MergeBodySchema = StrictObject(
  {
    segment_ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      minItems: 2,
      maxItems: 100,
      description: 'Neighbouring segments, in any order.',
    }),
  },
  { $id: 'SegmentMerge' },
);

export const SpeakerVoiceBodySchema = StrictObject(
  {
    speaker: Type.String({ minLength: 1, maxLength: 100 }),
    voice_id: Type.Union([Type.String({ minLength: 1, maxLength: 128 }), Type.Null()]),
  },
  { $id: 'SpeakerVoice' },
);

export const SegmentsAnswerSchema = Type.Object(
  { revision: Type.Integer(), segments: Type.Array(ProjectSegmentSchema) },
  { $id: 'SegmentsAnswer' },
);

/** The answer of an edit: the segment as saved, and the speech that measures its fit when one was queued. */
export const EditedSegmentSchema = Type.Object(
  {
    ...ProjectSegmentSchema.properties,
    speech_id: Type.Optional(
      Type.String({
        description:
          'The line is queued to be spoken again (its fit measured); a `line_spoken` event with this id says when.',
      }),
    ),
  },
  { $id: 'EditedSegment' },
);
export type EditedSegment = Static<typeof EditedSegmentSchema>;

/** The answer of a line translated again: the edit's answer, and what the translation did not honour. */
export const TranslatedSegmentSchema = Type.Object(
  {
    ...EditedSegmentSchema.properties,
    warnings: Type.Optional(
      Type.Array(TaskWarningSchema, {
        description:
          "Present only when there is something to check, in a job's warning words, e.g. user_prompt_not_used: " +
          "the job's user_prompt was given and the translator does not follow it.",
      }),
    ),
  },
  { $id: 'TranslatedSegment' },
);
export type TranslatedSegment = Static<typeof TranslatedSegmentSchema>;

export const QueuedSpeechSchema = Type.Object(
  {
    speech_id: Type.String({
      description: 'Names the `line_spoken` event (GET /v1/events) that says when the line is spoken.',
    }),
    segment: ProjectSegmentSchema,
  },
  {
    $id: 'QueuedSpeech',
    description:
      'The line is queued to be spoken; the `line_spoken` event with this speech_id brings its preview URLs.',
  },
);
export type QueuedSpeech = Static<typeof QueuedSpeechSchema>;

export const SPEECH_PURPOSES = ['fit', 'preview'] as const;
export const SPEECH_OUTCOMES = ['spoken', 'failed', 'superseded'] as const;

/** `event: line_spoken` of GET /v1/events: a queued line was spoken (or could not be, or was edited before it was). */
export const LineSpokenEventSchema = Type.Object(
  {
    speech_id: Type.String(),
    project_id: Type.String(),
    segment_id: Type.String(),
    purpose: StringEnum(SPEECH_PURPOSES, { description: 'fit: after an edit; preview: asked for by synthesize.' }),
    status: StringEnum(SPEECH_OUTCOMES, {
      description: 'superseded: the line was edited, split or merged before it was spoken; the newer speech follows.',
    }),
    segment: Type.Optional(ProjectSegmentSchema),
    audio_url: Type.Optional(Type.String({ description: 'preview: the line alone, fitted to its time (WAV).' })),
    with_original_url: Type.Optional(
      Type.String({ description: 'preview: the same line over the original audio of its time, ducked (WAV).' }),
    ),
    error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
  },
  { $id: 'LineSpokenEvent' },
);
export type LineSpokenEvent = Static<typeof LineSpokenEventSchema>;

export const ExportBodySchema = StrictObject({
  export_type: Type.Optional(
    StringEnum(['auto', 'video', 'audio', 'all'] as const, {
      description: "translate projects; default: the job's own.",
    }),
  ),
});

export const SUBTITLE_TRACKS = ['source', 'target', 'bilingual'] as const;
export const SubtitleTrackQuery = Type.Object({ track: StringEnum(SUBTITLE_TRACKS, { default: 'target' }) });
export type SubtitleTrack = (typeof SUBTITLE_TRACKS)[number];

/** The GUI's address of a project: `<base>/#/projects/<id>`. */
export function projectUrl(baseUrl: string, projectId: string): string {
  return `${baseUrl.replace(/\/+$/u, '')}/#/projects/${encodeURIComponent(projectId)}`;
}
