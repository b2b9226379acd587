// /v1/projects: editable projects of translate and visual translate jobs (docs/api.md "Projects").
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DubDeskError } from '../../../shared/errors.js';
import { TaskReferenceSchema } from '../../../shared/schemas/common.js';
import {
  EditedSegmentSchema,
  ExportBodySchema,
  MergeBodySchema,
  ProjectIdParams,
  ProjectListQuery,
  ProjectListSchema,
  ProjectSchema,
  QueuedSpeechSchema,
  SegmentIdParams,
  SegmentPatchSchema,
  SegmentsAnswerSchema,
  SpeakerVoiceBodySchema,
  SplitBodySchema,
  SubtitleTrackQuery,
} from '../../../shared/schemas/projects.js';
import type { ProjectService } from '../../projects/project-service.js';
import type { ResultUrlOf } from '../../queue/status-record.js';
import type { App } from '../app-types.js';

export interface ProjectRoutesOptions {
  projects: ProjectService;
  /** URLs under the address a request came to (all-interfaces bind); the service's own when not given. */
  urlsFor?(request: FastifyRequest): ResultUrlOf;
}

/** An uploaded SRT can be a few MB for a film; anything bigger is not a subtitle file. */
const SRT_BODY_LIMIT = 20 * 1024 * 1024;

export async function projectRoutes(app: App, { projects, urlsFor }: ProjectRoutesOptions): Promise<void> {
  // Subtitle uploads arrive as bytes: their encoding is detected (an SRT from Windows is often not UTF-8).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    ['text/plain', 'application/x-subrip', 'application/octet-stream', 'text/srt'],
    { parseAs: 'buffer', bodyLimit: SRT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/v1/projects',
    {
      config: {
        operationId: 'listProjects',
        summary: 'List editable projects',
        description:
          'Projects of translate and visual translate jobs made with `project_mode=editable` or ' +
          '`enable_proofreading`, newest first; `task_id` gives the project of that task.',
      },
      schema: { querystring: ProjectListQuery, response: { 200: ProjectListSchema } },
    },
    async (request) => ({ projects: await projects.list(request.query.task_id, urlsFor?.(request)) }),
  );

  app.get(
    '/v1/projects/:project_id',
    {
      config: {
        operationId: 'getProject',
        summary: 'One project with its segments',
        description:
          'The project and its segments in time order, each with its source and target text, ' +
          'speaker, voice, fit and `revision` (send it back with an edit).',
      },
      schema: { params: ProjectIdParams, response: { 200: ProjectSchema } },
    },
    async (request) => projects.get(request.params.project_id, urlsFor?.(request)),
  );

  app.get(
    '/v1/projects/:project_id/waveform',
    {
      config: {
        operationId: 'getProjectWaveform',
        summary: "The input audio's waveform",
        description:
          "`points` peaks (0..1) of the input's audio, evenly spread over its duration, for drawing a timeline.",
      },
      schema: {
        params: ProjectIdParams,
        querystring: Type.Object({
          points: Type.Optional(Type.Integer({ minimum: 10, maximum: 20000, default: 2000 })),
        }),
        response: { 200: Type.Object({ duration: Type.Number(), peaks: Type.Array(Type.Number()) }) },
      },
    },
    async (request) => projects.waveform(request.params.project_id, request.query.points ?? 2000),
  );

  app.patch(
    '/v1/projects/:project_id/segments/:segment_id',
    {
      config: {
        operationId: 'updateSegment',
        summary: 'Edit a segment',
        description:
          'Changes text, time, speaker or voice of a segment read at `revision`; a segment changed ' +
          'since (or split or merged away) answers `conflict`. ' +
          'A translate line whose text, voice, speaker or time changed is queued to be spoken again ' +
          'to measure its fit: the answer (the saved segment, `fit` null) ' +
          'comes at once with a `speech_id`, and the `line_spoken` event of GET /v1/events with ' +
          'that id brings the fitted segment. Texts hold at most 2,000 characters.',
        errors: ['conflict'],
      },
      schema: { params: SegmentIdParams, body: SegmentPatchSchema, response: { 200: EditedSegmentSchema } },
    },
    async (request) => projects.patch(request.params.project_id, request.params.segment_id, request.body),
  );

  app.post(
    '/v1/projects/:project_id/segments/:segment_id/split',
    {
      config: {
        operationId: 'splitSegment',
        summary: 'Split a segment in two',
        description:
          'Splits at `at` seconds, strictly inside the segment; both texts are cut at the nearest ' +
          'word. With `revision`, a stale segment answers `conflict`.',
        errors: ['conflict'],
      },
      schema: { params: SegmentIdParams, body: SplitBodySchema, response: { 200: SegmentsAnswerSchema } },
    },
    async (request) =>
      projects.split(request.params.project_id, request.params.segment_id, request.body.at, request.body.revision),
  );

  app.post(
    '/v1/projects/:project_id/segments/merge',
    {
      config: {
        operationId: 'mergeSegments',
        summary: 'Merge neighbouring segments',
        description:
          'Merges segments that follow each other into one whose texts are joined; segments that ' +
          'are not neighbours, or a merged text over 2,000 characters, answer `invalid_request`.',
        errors: ['conflict'],
      },
      schema: { params: ProjectIdParams, body: MergeBodySchema, response: { 200: SegmentsAnswerSchema } },
    },
    async (request) => projects.merge(request.params.project_id, request.body.segment_ids),
  );

  app.post(
    '/v1/projects/:project_id/segments/:segment_id/synthesize',
    {
      config: {
        operationId: 'synthesizeSegment',
        summary: 'Speak one line again',
        description:
          'Queues the line to be spoken as the export will (fitted to its time) and answers 202 ' +
          'with a `speech_id` at once. The `line_spoken` event of GET /v1/events ' +
          "with that id brings two WAV URLs (the line alone and the line over the original's audio) " +
          'and the segment, or the error that stopped it.',
        errors: ['conflict', 'rate_limited', 'model_not_installed', 'unsupported_language'],
      },
      schema: { params: SegmentIdParams, response: { 202: QueuedSpeechSchema } },
    },
    async (request, reply) =>
      reply.status(202).send(await projects.synthesize(request.params.project_id, request.params.segment_id)),
  );

  app.post(
    '/v1/projects/:project_id/segments/:segment_id/translate',
    {
      config: {
        operationId: 'translateSegment',
        summary: 'Translate one line again',
        description:
          "Translates the segment's source text again with the job's engine, glossaries and prompt, " +
          'and saves it as the target (queued to be spoken, as an edit is).',
        errors: ['conflict', 'model_not_installed', 'engine_failed', 'unsupported_language'],
      },
      schema: { params: SegmentIdParams, response: { 200: EditedSegmentSchema } },
    },
    async (request) => projects.retranslate(request.params.project_id, request.params.segment_id),
  );

  app.post(
    '/v1/projects/:project_id/speakers/voice',
    {
      config: {
        operationId: 'setSpeakerVoice',
        summary: "Give a speaker's lines one voice",
        description:
          'Sets the voice of every line of `speaker`; `voice_id: null` lets the export choose. The lines are fitted again.',
        errors: ['conflict', 'unsupported_language', 'model_not_installed', 'engine_failed'],
      },
      schema: { params: ProjectIdParams, body: SpeakerVoiceBodySchema, response: { 200: SegmentsAnswerSchema } },
    },
    async (request) => projects.setSpeakerVoice(request.params.project_id, request.body.speaker, request.body.voice_id),
  );

  app.post(
    '/v1/projects/:project_id/export',
    {
      config: {
        operationId: 'exportProject',
        summary: 'Export the project as a new task',
        description:
          "Creates a task of the project's kind from its lines, reusing the work of every unchanged " +
          'line, and answers its `task_id` (follow it as any task).',
        errors: ['conflict', 'rate_limited', 'conflicting_fields', 'model_not_installed', 'pipeline_unavailable'],
      },
      schema: {
        params: ProjectIdParams,
        body: Type.Optional(ExportBodySchema),
        response: { 200: TaskReferenceSchema },
      },
    },
    async (request) => projects.export(request.params.project_id, request.body?.export_type),
  );

  app.get(
    '/v1/projects/:project_id/subtitles',
    {
      config: {
        operationId: 'getProjectSubtitles',
        summary: 'A track as SRT',
        description: 'The source, target (default) or bilingual track of the project as an SRT file.',
        responseContent: { 200: { 'application/x-subrip': { schema: { type: 'string' } } } },
      },
      schema: { params: ProjectIdParams, querystring: SubtitleTrackQuery },
    },
    async (request, reply) => {
      const srt = await projects.subtitles(request.params.project_id, request.query.track ?? 'target');
      return reply
        .header('content-type', 'application/x-subrip; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="project-${request.params.project_id}.${request.query.track ?? 'target'}.srt"`,
        )
        .send(srt);
    },
  );

  app.put(
    '/v1/projects/:project_id/subtitles',
    {
      config: {
        operationId: 'replaceProjectSubtitles',
        summary: 'Replace a track from an SRT',
        description:
          'Replaces the source or target texts from an SRT file (the body, in any encoding) with as ' +
          'many cues as the project has segments, none over 2,000 characters; otherwise ' +
          '`invalid_subtitle`.',
        errors: ['invalid_subtitle', 'conflict'],
        requestContent: {
          'application/x-subrip': { schema: { type: 'string' } },
          'text/plain': { schema: { type: 'string' } },
        },
      },
      schema: { params: ProjectIdParams, querystring: SubtitleTrackQuery, response: { 200: ProjectSchema } },
    },
    async (request) => {
      const track = request.query.track ?? 'target';
      if (track === 'bilingual')
        throw new DubDeskError(
          'invalid_request',
          'Only the source or the target track can be replaced from an SRT; the bilingual track is made from both.',
        );
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new DubDeskError(
          'invalid_request',
          'Send the SRT file itself as the body (content-type application/x-subrip or text/plain).',
        );
      }
      return projects.replaceSubtitles(request.params.project_id, track, request.body, urlsFor?.(request));
    },
  );

  app.delete(
    '/v1/projects/:project_id',
    {
      config: {
        operationId: 'deleteProject',
        summary: 'Delete a project',
        description: 'Deletes the project and its files; its task and the tasks exported from it stay.',
        responseContent: { 204: {} },
      },
      schema: { params: ProjectIdParams },
    },
    async (request, reply) => {
      await projects.delete(request.params.project_id);
      return reply.status(204).send();
    },
  );
}
