// One voice for all of a speaker's lines (docs/api.md "Projects").
import { ProjectIdParams, SegmentsAnswerSchema, SpeakerVoiceBodySchema } from '../../../../shared/schemas/projects.js';
import type { ProjectService } from '../../../projects/project-service.js';
import type { App } from '../../app-types.js';

export interface SpeakerVoiceRoutesOptions {
  projects: Pick<ProjectService, 'setSpeakerVoice'>;
}

export async function speakerVoiceRoutes(app: App, { projects }: SpeakerVoiceRoutesOptions): Promise<void> {
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
}
