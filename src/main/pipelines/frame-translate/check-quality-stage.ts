import path from 'node:path';
import { glossaryEntriesFor } from '../../requests/glossary-pairs.js';
import { readJobResources } from '../../requests/resource-snapshot.js';
import { readProjectSnapshot } from '../project-snapshot.js';
import { qualityStage } from '../quality-check.js';
import type { TranslateDeps } from '../translate/types.js';
import type { Stage } from '../types.js';
import { frameTranslateOutput } from './outputs.js';
import { projectBlocks } from './project-blocks.js';
import { ERASE_SAMPLES_DIR } from '../../engines/inpaint/video-text/erase-sample-files.js';
import { erasedLines, frameTranslateQuality } from './review-items.js';
import { readSamplesOf, rereadSamples } from '../../quality/frame-translate/reread-boxes.js';
import type { FrameTranslateRequest } from './types.js';
import { plannedFrameEngine } from './planned-step.js';

/** processing, last: the erase measured (docs/api.md "Quality report"): each erased box, before its translation was drawn, read again. */
export function checkQualityStage(deps: Pick<TranslateDeps, 'engines'>): Stage<FrameTranslateRequest> {
  return qualityStage('processing', async (input, ctx) => {
    const { request, outputs } = input;
    const found = frameTranslateOutput(outputs, 'find-text');
    const translated = frameTranslateOutput(outputs, 'translate-text');
    // The blocks as the render drew them: a task exported from a project draws the project's lines.
    const snapshot = await readProjectSnapshot(ctx.workDir);
    const blocks = snapshot
      ? projectBlocks(snapshot.lines, translated.blocks, translated.frame).blocks
      : translated.blocks;
    const erased = erasedLines(blocks);
    const started = performance.now();
    const samples = await readSamplesOf(
      erased.map(({ line }) => line),
      { dir: path.join(ctx.workDir, ERASE_SAMPLES_DIR), frame: found.frame, display: found.display },
    );
    const checks = await rereadSamples(samples, {
      recognizer: deps.engines.planned(
        'textRecognizers',
        plannedFrameEngine(input, deps.engines, 'find-text'),
        'Re-reading the erased text',
      ),
      languages: [found.language],
      signal: ctx.signal,
    });
    ctx.log(
      `quality: ${erased.length} erased boxes read again and measured, before their ` +
        `translations were drawn, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const [i, { line }] of erased.entries()) {
      const { read, strokes } = checks[i]!;
      ctx.log(
        `quality: '${line.text}' erased: reads '${read}'; edge ${strokes.before.toFixed(1)} ` +
          `-> ${strokes.after.toFixed(1)} against ${strokes.ring.toFixed(1)} around it` +
          ` (${strokes.left === undefined ? 'not measurable' : `${Math.round(strokes.left * 100)} % of its strokes left`})`,
      );
    }
    const { glossaries } = await readJobResources(ctx.workDir, request);
    const glossary = glossaryEntriesFor(glossaries, request.source_language, request.target_language);
    return frameTranslateQuality(
      blocks,
      erased.map((text, i) => ({ ...text, read: checks[i]!.read, strokesLeft: checks[i]!.strokes.left })),
      glossary,
    );
  });
}
