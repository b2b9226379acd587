import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Stage } from '../../types.js';
import { resolveWorkPath } from '../../work-paths.js';
import { lipsyncVideoPath } from '../driving-audio.js';
import { readMouthTargets } from '../mouth-targets-file.js';
import { lipsyncOutput } from '../outputs.js';
import { isExemplarManifest, readReusableManifest } from '../precision/reusable-data.js';
import { rendererName } from '../renderer.js';
import type { LipsyncDeps, LipsyncRequest, RenderedVideo } from '../types.js';
import { DubDeskError } from '../../../../shared/errors.js';
import { describeExemplarStats, renderExemplar } from './render.js';

export interface ExemplarRenderedVideo extends RenderedVideo {
  /** Share of the frames drawn with the person's own mouths as they are (0..1); the mouth warp re-posed the rest. */
  bankCoverage: number;
}

/** processing (exemplar engine): the person's own mouths pasted to the audio from the job's mouth bank; encoded with the audio. */
export function exemplarRenderStage(deps: LipsyncDeps): Stage<LipsyncRequest> {
  return {
    name: 'render',
    label: 'Rendering',
    status: 'processing',
    weight: 4,
    async run({ request, outputs }, ctx) {
      const plan = lipsyncOutput(outputs, 'prepare');
      const shapeAt = await readMouthTargets(ctx.workDir, lipsyncOutput(outputs, 'mouth-targets'));
      const dir = path.join(ctx.workDir, lipsyncOutput(outputs, 'mouth-bank').reusable);
      const manifest = await readReusableManifest(dir);
      if (!isExemplarManifest(manifest)) throw new DubDeskError('internal', `The folder ${dir} holds face crops, not a mouth bank.`);
      const video = lipsyncVideoPath(plan.reference.name);
      await mkdir(path.join(ctx.workDir, 'output'), { recursive: true });
      const stats = await renderExemplar({
        dir, manifest, targets: Array.from({ length: plan.output.frameCount }, (_, i) => shapeAt(i)),
        audio: resolveWorkPath(ctx.workDir, plan.audio.path), fps: plan.output.fps, model: request.model, video: path.join(ctx.workDir, video),
      }, deps, ctx);
      ctx.log(describeExemplarStats(stats, plan.output.fps));
      return { video, engine: rendererName('exemplar'), bankCoverage: stats.bankCoverage } satisfies ExemplarRenderedVideo;
    },
  };
}
