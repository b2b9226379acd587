import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { lipsyncVideoPath } from '../driving-audio.js';
import type { Stage } from '../../types.js';
import type { RenderedVideo } from '../render.js';
import type { LipsyncPlan, LipsyncRequest } from '../types.js';
import type { FaceCropsFile } from './face-crops-stage.js';
import { describeRenderStats, renderPrecision, type PrecisionDeps } from './render.js';
import { readReusableManifest } from './reusable-data.js';

/** processing (precision_v1): the generator draws the lower face of every frame to the audio; encoded with the audio. */
export function precisionRenderStage(deps: PrecisionDeps): Stage<LipsyncRequest> {
  return {
    name: 'render',
    status: 'processing',
    weight: 4,
    async run({ outputs }, ctx) {
      const plan = outputs.prepare as LipsyncPlan;
      const dir = path.join(ctx.workDir, (outputs['face-crops'] as FaceCropsFile).reusable);
      const manifest = await readReusableManifest(dir);
      const video = lipsyncVideoPath(plan.reference.name);
      await mkdir(path.join(ctx.workDir, 'output'), { recursive: true });
      const stats = await renderPrecision({
        dir, manifest, output: plan.output, video: path.join(ctx.workDir, video),
        audio: { path: plan.audio.path, wav16k: path.join(ctx.workDir, plan.audio.wav16k) },
      }, deps, ctx);
      ctx.log(describeRenderStats(stats, plan.output.fps));
      return { video, stats } satisfies RenderedVideo;
    },
  };
}
