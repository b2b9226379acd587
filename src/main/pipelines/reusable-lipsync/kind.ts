import { KIND_ROUTES, KIND_STATUSES } from '../../../shared/jobs.js';
import { LipsyncStatusSchema, ReusableLipsyncRequestSchema } from '../../../shared/schemas/jobs.js';
import type { JobKindModule } from '../kind.js';
import { reusableLipsyncPipeline } from './index.js';
import { reusableLipsyncIntake } from './intake.js';
import type { ReusableLipsyncRequest } from './types.js';
import { planReusableLipsyncEngines } from '../../plans/reusable-lipsync-plan.js';

export const reusableLipsyncKind: JobKindModule<ReusableLipsyncRequest> = {
  id: 'reusable_lipsync',
  title: 'reusable-model lip-sync',
  aliases: ['reusable_lipsync_model_video_generation'],
  route: KIND_ROUTES.reusable_lipsync,
  apiName: 'ReusableLipsync',
  requestExamples: {
    model: {
      summary: 'A prepared face speaks a new audio file',
      value: { model_id: 'rlm_2f9c1e', audio_url: 'https://media.example.com/speech.m4a' },
    },
  },
  requestSchema: ReusableLipsyncRequestSchema,
  statusSchema: LipsyncStatusSchema,
  statuses: KIND_STATUSES.reusable_lipsync,
  statusShape: 'top_level_video',
  inputs: [{ field: 'audio_url', media: 'audio', main: true }],
  intake: reusableLipsyncIntake,
  plan: (request, engines, lookups) => planReusableLipsyncEngines(request, engines, lookups),
  pipeline: reusableLipsyncPipeline,
};
