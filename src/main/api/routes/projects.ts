// /v1/projects: editable projects of translate and visual translate jobs (docs/api.md "Projects").
import { Type } from 'typebox';
import { DubDeskError } from '../../../shared/errors.js';
import { ErrorBodySchema, TaskReferenceSchema } from '../../../shared/schemas/common.js';
import {
  ExportBodySchema,
  MergeBodySchema,
  ProjectIdParams,
  ProjectListQuery,
  ProjectListSchema,
  ProjectSchema,
  ProjectSegmentSchema,
  SegmentIdParams,
  SegmentPatchSchema,
  SegmentsAnswerSchema,
  SpeakerVoiceBodySchema,
  SplitBodySchema,
  SubtitleTrackQuery,
  SynthesizedLineSchema,
} from '../../../shared/schemas/projects.js';
import type { ProjectService } from '../../projects/project-service.js';
import type { App } from '../app-types.js';

export interface ProjectRoutesOptions {
  projects: ProjectService;
}

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** An uploaded SRT can be a few MB for a film; anything bigger is not a subtitle file. */
const SRT_BODY_LIMIT = 20 * 1024 * 1024;

export async function projectRoutes(app: App, { projects }: ProjectRoutesOptions): Promise<void> {
  // Subtitle uploads arrive as bytes: their encoding is detected (an SRT from Windows is often not UTF-8).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(['text/plain', 'application/x-subrip', 'application/octet-stream', 'text/srt'], { parseAs: 'buffer', bodyLimit: SRT_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.get('/v1/projects', {
    config: { summary: 'List editable projects, newest first (task_id: the project of that task).' },
    schema: { querystring: ProjectListQuery, response: { 200: ProjectListSchema } },
  }, async (request) => ({ projects: projects.list(request.query.task_id) }));

  app.get('/v1/projects/:project_id', {
    config: { summary: 'One project with its segments in time order.' },
    schema: { params: ProjectIdParams, response: { 200: ProjectSchema, ...errors } },
  }, async (request) => projects.get(request.params.project_id));

  app.get('/v1/projects/:project_id/waveform', {
    config: { summary: "Peaks of the input's audio for a waveform (0..1)." },
    schema: {
      params: ProjectIdParams,
      querystring: Type.Object({ points: Type.Optional(Type.Integer({ minimum: 10, maximum: 20000, default: 2000 })) }),
      response: { 200: Type.Object({ duration: Type.Number(), peaks: Type.Array(Type.Number()) }), ...errors },
    },
  }, async (request) => projects.waveform(request.params.project_id, request.query.points ?? 2000));

  app.patch('/v1/projects/:project_id/segments/:segment_id', {
    config: { summary: 'Edit a segment read at `revision` (409 conflict when it changed since); a changed line is fitted to its time again.' },
    schema: { params: SegmentIdParams, body: SegmentPatchSchema, response: { 200: ProjectSegmentSchema, ...errors } },
  }, async (request) => projects.patch(request.params.project_id, request.params.segment_id, request.body));

  app.post('/v1/projects/:project_id/segments/:segment_id/split', {
    config: { summary: 'Split a segment in two at `at` seconds; both texts are cut at the nearest word.' },
    schema: { params: SegmentIdParams, body: SplitBodySchema, response: { 200: SegmentsAnswerSchema, ...errors } },
  }, async (request) => projects.split(request.params.project_id, request.params.segment_id, request.body.at, request.body.revision));

  app.post('/v1/projects/:project_id/segments/merge', {
    config: { summary: 'Merge neighbouring segments into one.' },
    schema: { params: ProjectIdParams, body: MergeBodySchema, response: { 200: SegmentsAnswerSchema, ...errors } },
  }, async (request) => projects.merge(request.params.project_id, request.body.segment_ids));

  app.post('/v1/projects/:project_id/segments/:segment_id/synthesize', {
    config: { summary: "Speak one line as the export will (fitted to its time), and the same over the original's audio." },
    schema: { params: SegmentIdParams, response: { 200: SynthesizedLineSchema, ...errors } },
  }, async (request) => projects.synthesize(request.params.project_id, request.params.segment_id));

  app.post('/v1/projects/:project_id/segments/:segment_id/translate', {
    config: { summary: "Translate one line again with the job's engine and glossaries." },
    schema: { params: SegmentIdParams, response: { 200: ProjectSegmentSchema, ...errors } },
  }, async (request) => projects.retranslate(request.params.project_id, request.params.segment_id));

  app.post('/v1/projects/:project_id/speakers/voice', {
    config: { summary: "Give all of a speaker's lines one voice (null: the export chooses)." },
    schema: { params: ProjectIdParams, body: SpeakerVoiceBodySchema, response: { 200: SegmentsAnswerSchema, ...errors } },
  }, async (request) => projects.setSpeakerVoice(request.params.project_id, request.body.speaker, request.body.voice_id));

  app.post('/v1/projects/:project_id/export', {
    config: { summary: "Create a new task of the project's kind from its lines, reusing every unchanged line's work." },
    schema: { params: ProjectIdParams, body: Type.Optional(ExportBodySchema), response: { 200: TaskReferenceSchema, ...errors } },
  }, async (request) => projects.export(request.params.project_id, request.body?.export_type));

  app.get('/v1/projects/:project_id/subtitles', {
    config: { summary: 'The source, target or bilingual track as SRT.' },
    schema: { params: ProjectIdParams, querystring: SubtitleTrackQuery },
  }, async (request, reply) => {
    const srt = projects.subtitles(request.params.project_id, request.query.track ?? 'target');
    return reply
      .header('content-type', 'application/x-subrip; charset=utf-8')
      .header('content-disposition', `attachment; filename="project-${request.params.project_id}.${request.query.track ?? 'target'}.srt"`)
      .send(srt);
  });

  app.put('/v1/projects/:project_id/subtitles', {
    config: { summary: "Replace the source or target texts from an SRT with the project's cue count (body: the SRT file)." },
    schema: { params: ProjectIdParams, querystring: SubtitleTrackQuery, response: { 200: ProjectSchema, ...errors } },
  }, async (request) => {
    const track = request.query.track ?? 'target';
    if (track === 'bilingual') throw new DubDeskError('invalid_request', 'Only the source or the target track can be replaced from an SRT; the bilingual track is made from both.');
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
      throw new DubDeskError('invalid_request', 'Send the SRT file itself as the body (content-type application/x-subrip or text/plain).');
    }
    return projects.replaceSubtitles(request.params.project_id, track, request.body);
  });

  app.delete('/v1/projects/:project_id', {
    config: { summary: 'Delete a project and its files (its task and the exported tasks stay).' },
    schema: { params: ProjectIdParams },
  }, async (request, reply) => {
    await projects.delete(request.params.project_id);
    return reply.status(204).send();
  });
}
