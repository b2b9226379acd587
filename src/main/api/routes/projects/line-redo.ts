// One line done again: spoken again (answered later by an event) or translated again (docs/api.md "Projects").
import { QueuedSpeechSchema, SegmentIdParams, TranslatedSegmentSchema } from '../../../../shared/schemas/projects.js';
import type { ProjectService } from '../../../projects/project-service.js';
import type { App } from '../../app-types.js';

export interface LineRedoRoutesOptions {
  projects: Pick<ProjectService, 'synthesize' | 'retranslate'>;
}

export async function lineRedoRoutes(app: App, { projects }: LineRedoRoutesOptions): Promise<void> {
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
          'and saves it as the target (queued to be spoken, as an edit is). `warnings` says what the translation ' +
          'did not honour, e.g. user_prompt_not_used.',
        errors: ['conflict', 'model_not_installed', 'engine_failed', 'unsupported_language'],
      },
      schema: { params: SegmentIdParams, response: { 200: TranslatedSegmentSchema } },
    },
    async (request) => projects.retranslate(request.params.project_id, request.params.segment_id),
  );
}
