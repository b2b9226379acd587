import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describeRenderStats, renderPrecision } from '../../engines/lipsync/wav2lip/render.js';
import { lipsyncVideoPath } from '../lipsync/driving-audio.js';
import { isExemplarManifest, readReusableManifest } from '../../engines/lipsync/reusable-data.js';
import { describeExemplarStats, renderExemplar } from '../../engines/lipsync/exemplar/render.js';
import { mouthTargetsForAudio } from '../../engines/lipsync/audio-mouth-targets.js';
import { exemplarEngine } from '../../engines/lipsync/exemplar/engine.js';
import type { RenderedVideo } from '../lipsync/types.js';
import type { Stage } from '../types.js';
import { resolveWorkPath } from '../work-paths.js';
import type { ReusableLipsyncDeps, ReusableLipsyncRequest } from './types.js';
import { reusableLipsyncOutput } from './outputs.js';

/**
 * processing: the stored face data drawn to the new audio without face detection (the stored mouths picked anew by
 * the exemplar engine, or the stored crops redrawn by the generator), encoded with that audio.
 */
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
      const audio = resolveWorkPath(ctx.workDir, plan.audio.path);
      if (isExemplarManifest(manifest)) {
        const { shapes } = await mouthTargetsForAudio(
          path.join(ctx.workDir, plan.audio.wav16k),
          plan.output,
          deps,
          ctx.signal,
        );
        // precision_v1 is the only model that leaves a reusable folder.
        const stats = await renderExemplar(
          {
            dir: plan.model.dir,
            manifest,
            targets: shapes,
            audio,
            fps: plan.output.fps,
            model: 'precision_v1',
            video: path.join(ctx.workDir, video),
          },
          deps,
          ctx,
        );
        ctx.log(describeExemplarStats(stats, plan.output.fps));
        // The quality report's bank_coverage: the share of frames drawn with the person's own mouths.
        return { video, engine: exemplarEngine.title, bankCoverage: stats.bankCoverage } satisfies RenderedVideo & {
          bankCoverage: number;
        };
      }
      const stats = await renderPrecision(
        {
          dir: plan.model.dir,
          manifest,
          output: plan.output,
          video: path.join(ctx.workDir, video),
          audio: { path: audio, wav16k: path.join(ctx.workDir, plan.audio.wav16k) },
        },
        deps,
        ctx,
      );
      ctx.log(describeRenderStats(stats, plan.output.fps));
      return { video, stats, engine: stats.engine } satisfies RenderedVideo;
    },
  };
}
