import { KIND_ROUTES, KIND_STATUSES } from '../../../shared/jobs.js';
import {
  FrameTranslateRequestSchema,
  FrameTranslateStatusSchema,
  type FrameTranslateRequest,
} from '../../../shared/schemas/jobs.js';
import type { JobKindModule } from '../kind.js';
import { frameTranslatePipeline } from './index.js';
import { frameTranslateIntake } from './intake.js';
import { planFrameTranslateEngines } from '../../plans/frame-translate-plan.js';

export const frameTranslateKind: JobKindModule<FrameTranslateRequest> = {
  id: 'frame_translate',
  title: 'visual translate',
  aliases: ['visual_translate', 'media/frame_translate'],
  route: KIND_ROUTES.frame_translate,
  apiName: 'VisualTranslate',
  requestExamples: {
    slides: {
      summary: 'Translate the on-screen text of a video',
      value: { video_url: 'https://media.example.com/slides.mp4', source_language: 'en', target_language: 'es' },
    },
  },
  requestSchema: FrameTranslateRequestSchema,
  statusSchema: FrameTranslateStatusSchema,
  statuses: KIND_STATUSES.frame_translate,
  statusShape: 'result',
  inputs: [{ field: 'video_url', media: 'video', main: true }],
  intake: frameTranslateIntake,
  plan: (request, engines) => planFrameTranslateEngines(request, engines),
  pipeline: frameTranslatePipeline,
};
