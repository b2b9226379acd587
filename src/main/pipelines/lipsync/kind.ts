import { KIND_ROUTES, KIND_STATUSES } from '../../../shared/jobs.js';
import { LipsyncRequestSchema, LipsyncStatusSchema } from '../../../shared/schemas/jobs.js';
import type { JobKindModule } from '../kind.js';
import { lipsyncPipeline } from './index.js';
import { lipsyncIntake } from './intake.js';
import type { LipsyncRequest } from './types.js';

export const lipsyncKind: JobKindModule<LipsyncRequest> = {
  id: 'lipsync',
  title: 'lip-sync',
  aliases: ['video_generation', 'lip-sync'],
  route: KIND_ROUTES.lipsync,
  requestSchema: LipsyncRequestSchema,
  statusSchema: LipsyncStatusSchema,
  statuses: KIND_STATUSES.lipsync,
  statusShape: 'top_level_video',
  intake: lipsyncIntake,
  pipeline: lipsyncPipeline,
};
