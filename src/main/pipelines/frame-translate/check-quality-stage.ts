import path from 'node:path';
import { readJobResources } from '../../requests/resource-snapshot.js';
import { readProjectSnapshot } from '../project-snapshot.js';
import { qualityStage } from '../quality-stage.js';
import type { TranslateDeps } from '../translate/types.js';
import type { Stage } from '../types.js';
import { frameTranslateOutput } from './outputs.js';
import { projectBlocks } from './project-blocks.js';
import { erasedLines, frameTranslateQuality } from './quality/review-items.js';
import { rereadBoxes } from './quality/reread-boxes.js';
import type { FrameTranslateRequest } from './types.js';

/** processing, last: the translated video measured (docs/api.md "Quality report"): its erased boxes read again. */
export function checkQualityStage(deps: Pick<TranslateDeps, 'engines'>): Stage<FrameTranslateRequest> {
  return qualityStage('processing', async ({ request, outputs }, ctx) => {
    const found = frameTranslateOutput(outputs, 'find-text');
    const translated = frameTranslateOutput(outputs, 'translate-text');
    const video = path.join(ctx.workDir, frameTranslateOutput(outputs, 'render').video);
    // The blocks as the render drew them: a task exported from a project draws the project's lines.
    const snapshot = await readProjectSnapshot(ctx.workDir);
    const blocks = snapshot ? projectBlocks(snapshot.lines, translated.blocks, translated.frame).blocks : translated.blocks;
    const erased = erasedLines(blocks);
    const started = performance.now();
    const reads = await rereadBoxes(video, erased.map(({ line }) => line), {
      recognizer: deps.engines.requireTextRecognizer([found.language]), languages: [found.language], frame: found.frame, signal: ctx.signal,
    });
    ctx.log(`quality: ${erased.length} erased boxes read again in the result in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const glossary = (await readJobResources(ctx.workDir, request)).glossaries.flatMap((snapshot) => snapshot.entries);
    return frameTranslateQuality(blocks, erased.map((text, i) => ({ ...text, read: reads[i] ?? '' })), glossary);
  });
}
