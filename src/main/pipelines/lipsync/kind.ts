import { KIND_ROUTES, KIND_STATUSES } from '../../../shared/jobs.js';
import { LipsyncRequestSchema, LipsyncStatusSchema } from '../../../shared/schemas/jobs.js';
import type { JobKindModule } from '../kind.js';
import { lipsyncPipeline } from './index.js';
import { lipsyncIntake } from './intake.js';
import type { LipsyncRequest } from './types.js';
import { planLipsyncEngines } from '../../plans/lipsync-plan.js';

export const lipsyncKind: JobKindModule<LipsyncRequest> = {
  id: 'lipsync',
  title: 'lip-sync',
  aliases: ['video_generation', 'lip-sync'],
  route: KIND_ROUTES.lipsync,
  apiName: 'Lipsync',
  requestExamples: {
    photo: {
      summary: 'A photo that speaks an audio file',
      value: {
        reference_file_url: 'https://media.example.com/presenter.jpg',
        audio_url: 'https://media.example.com/speech.mp3',
        reference_file_type: 'image',
        model: 'standard_v1',
      },
    },
    video: {
      summary: "A video's mouth moved to new audio, with a callback",
      value: {
        reference_file_url: 'https://media.example.com/interview.mp4',
        audio_url: 'https://media.example.com/new-take.wav',
        reference_file_type: 'video',
        model: 'precision_v1',
        callback_url: 'https://hooks.example.com/dubdesk',
      },
    },
  },
  requestSchema: LipsyncRequestSchema,
  statusSchema: LipsyncStatusSchema,
  statuses: KIND_STATUSES.lipsync,
  statusShape: 'top_level_video',
  inputs: [
    {
      field: 'reference_file_url',
      media: 'video',
      mediaFrom: { field: 'reference_file_type', values: { video: 'video', image: 'image' } },
      main: true,
    },
    { field: 'audio_url', media: 'audio' },
  ],
  intake: lipsyncIntake,
  plan: (request, engines) => planLipsyncEngines(request, engines),
  pipeline: lipsyncPipeline,
};
