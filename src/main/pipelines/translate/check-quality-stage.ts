import { qualityStage } from '../quality-check.js';
import type { Stage } from '../types.js';
import { measureTranslateQuality } from './check-quality/measure-quality.js';
import type { TranslateDeps, TranslateRequest } from './types.js';

/** rendering: the finished dub measured (its dub track and mix) and its lines checked, for the task's quality report. */
export function checkTranslateQualityStage(deps: Pick<TranslateDeps, 'media'>): Stage<TranslateRequest> {
  return qualityStage<TranslateRequest>('rendering', (input, ctx) => measureTranslateQuality(input, ctx, deps));
}
