import { KIND_ROUTES, KIND_STATUSES } from '../../../shared/jobs.js';
import { TranslateRequestSchema, TranslateStatusSchema } from '../../../shared/schemas/jobs.js';
import type { JobKindModule } from '../kind.js';
import { translatePipeline } from './index.js';
import { translateIntake } from './intake.js';
import type { TranslateRequest } from './types.js';

export const translateKind: JobKindModule<TranslateRequest> = {
  id: 'translate',
  title: 'translate and dub',
  aliases: ['dub', 'media/translate'],
  route: KIND_ROUTES.translate,
  requestSchema: TranslateRequestSchema,
  statusSchema: TranslateStatusSchema,
  statuses: KIND_STATUSES.translate,
  statusShape: 'result',
  intake: translateIntake,
  pipeline: translatePipeline,
};
