import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { lipsyncVideoPath } from '../driving-audio.js';
import type { Stage } from '../../types.js';
import { resolveWorkPath } from '../../work-paths.js';
import type { LipsyncRequest, RenderedVideo } from '../types.js';
import { describeRenderStats, renderPrecision, type PrecisionDeps } from './render.js';
import { isExemplarManifest, readReusableManifest } from './reusable-data.js';
import { DubDeskError } from '../../../../shared/errors.js';
import { lipsyncOutput } from '../outputs.js';

/** processing (precision_v1): the generator draws the lower face of every frame to the audio; encoded with the audio. */
export function precisionRenderStage(deps: PrecisionDeps): Stage<LipsyncRequest> {
  return {
    name: 'render',
    label: 'Rendering',
    status: 'processing',
    weight: 4,
    async run({ outputs }, ctx) {
      const plan = lipsyncOutput(outputs, 'prepare');
      const dir = path.join(ctx.workDir, lipsyncOutput(outputs, 'face-crops').reusable);
      const manifest = await readReusableManifest(dir);
      if (isExemplarManifest(manifest)) throw new DubDeskError('internal', `The folder ${dir} holds a mouth bank, not face crops.`);
      const video = lipsyncVideoPath(plan.reference.name);
      await mkdir(path.join(ctx.workDir, 'output'), { recursive: true });
      const stats = await renderPrecision({
        dir, manifest, output: plan.output, video: path.join(ctx.workDir, video),
        audio: { path: resolveWorkPath(ctx.workDir, plan.audio.path), wav16k: path.join(ctx.workDir, plan.audio.wav16k) },
      }, deps, ctx);
      ctx.log(describeRenderStats(stats, plan.output.fps));
      return { video, stats, engine: stats.engine } satisfies RenderedVideo;
    },
  };
}
