import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describeRenderStats, renderPrecision } from '../lipsync/precision/render.js';
import { lipsyncVideoPath } from '../lipsync/driving-audio.js';
import { readReusableManifest } from '../lipsync/precision/reusable-data.js';
import type { RenderedVideo } from '../lipsync/render-stage.js';
import type { Stage } from '../types.js';
import { resolveWorkPath } from '../work-paths.js';
import type { ReusableLipsyncDeps, ReusableLipsyncRequest } from './types.js';
import { reusableLipsyncOutput } from './outputs.js';

/** processing: the stored face crops redrawn to the new audio (no face detection), encoded with that audio. */
export function reusableRenderStage(deps: ReusableLipsyncDeps): Stage<ReusableLipsyncRequest> {
  return {
    name: 'render',
    label: 'Rendering',
    status: 'processing',
    weight: 4,
    async run({ outputs }, ctx) {
      const plan = reusableLipsyncOutput(outputs, 'prepare');
      const manifest = await readReusableManifest(plan.model.dir);
      const video = lipsyncVideoPath(manifest.reference.name);
      await mkdir(path.join(ctx.workDir, 'output'), { recursive: true });
      const stats = await renderPrecision({
        dir: plan.model.dir, manifest, output: plan.output, video: path.join(ctx.workDir, video),
        audio: { path: resolveWorkPath(ctx.workDir, plan.audio.path), wav16k: path.join(ctx.workDir, plan.audio.wav16k) },
      }, deps, ctx);
      ctx.log(describeRenderStats(stats, plan.output.fps));
      return { video, stats } satisfies RenderedVideo;
    },
  };
}
