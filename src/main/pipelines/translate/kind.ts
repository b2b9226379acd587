import { KIND_ROUTES, KIND_STATUSES } from '../../../shared/jobs.js';
import { TranslateRequestSchema, TranslateStatusSchema } from '../../../shared/schemas/jobs.js';
import type { JobKindModule } from '../kind.js';
import { planTranslateEngines } from '../../plans/translate-plan.js';
import { translatePipeline } from './index.js';
import { translateIntake } from './intake.js';
import type { TranslateRequest } from './types.js';

export const translateKind: JobKindModule<TranslateRequest> = {
  id: 'translate',
  title: 'translate and dub',
  aliases: ['dub', 'media/translate'],
  route: KIND_ROUTES.translate,
  apiName: 'Translate',
  requestExamples: {
    transcribe: {
      summary: 'Transcribe, translate and dub a video, adding subtitles',
      value: {
        media_type: 'video',
        media_url: 'https://media.example.com/talk.mp4',
        source_language: 'en',
        target_language: 'es',
        subtitle_mode: 'add',
        export_type: 'video',
      },
    },
    subtitles: {
      summary: 'Dub from an SRT of the original speech, with a glossary and an editable project',
      value: {
        media_type: 'video',
        media_url: 'https://media.example.com/talk.mp4',
        subtitle_url: 'https://media.example.com/talk.en.srt',
        subtitle_usage_type: 'original',
        source_language: 'en',
        target_language: 'es',
        glossary_ids: ['gls_product_names'],
        project_mode: 'editable',
        export_type: 'all',
      },
    },
  },
  requestSchema: TranslateRequestSchema,
  statusSchema: TranslateStatusSchema,
  statuses: KIND_STATUSES.translate,
  statusShape: 'result',
  inputs: [
    {
      field: 'media_url',
      media: 'video',
      mediaFrom: { field: 'media_type', values: { video: 'video', audio: 'audio' } },
      main: true,
    },
    { field: 'subtitle_url', media: 'subtitle' },
  ],
  intake: translateIntake,
  plan: (request, engines) => planTranslateEngines(request, engines),
  pipeline: translatePipeline,
};
