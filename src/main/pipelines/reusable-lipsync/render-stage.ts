import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';
import type { JobPlan } from '../../../shared/schemas/job-plan.js';
import { mouthTargetsForAudio } from '../../engines/lipsync/audio-mouth-targets.js';
import { lipsyncEngineById } from '../../engines/lipsync/engines.js';
import {
  isExemplarManifest,
  readFaceTrackOf,
  readReusableManifest,
  type ReusableManifest,
} from '../../engines/lipsync/reusable-data.js';
import type { LipsyncEngine, LipsyncEngineId, LipsyncPrepared } from '../../engines/lipsync/types.js';
import { planStepNamed } from '../../plans/job-plan.js';
import { lipsyncVideoPath } from '../lipsync/driving-audio.js';
import type { RenderedVideo } from '../lipsync/types.js';
import type { Stage } from '../types.js';
import { resolveWorkPath } from '../work-paths.js';
import type { ReusableLipsyncDeps, ReusableLipsyncRequest, ReusablePlan } from './types.js';
import { reusableLipsyncOutput } from './outputs.js';

/** The engine the job's plan names; a job run without one (a kind's stages run alone) follows the model's folder. */
function plannedEngine(jobPlan: JobPlan | undefined, manifest: ReusableManifest): LipsyncEngine {
  const planned = planStepNamed(jobPlan, 'render')?.engine;
  if (jobPlan && !planned) throw new DubDeskError('internal', "The job's plan names no engine for its render step.");
  return lipsyncEngineById(
    (planned?.id as LipsyncEngineId | undefined) ?? (isExemplarManifest(manifest) ? 'exemplar' : 'wav2lip'),
  );
}

/** What the model's folder and the new audio give the engine: its stored face data, and the mouth shapes of the audio. */
function preparedFrom(
  plan: ReusablePlan,
  manifest: ReusableManifest,
  workDir: string,
  deps: ReusableLipsyncDeps,
  signal: AbortSignal,
): LipsyncPrepared {
  return {
    faceTrack: () => readFaceTrackOf(plan.model.dir, manifest),
    async mouthTargets() {
      const { shapes } = await mouthTargetsForAudio(path.join(workDir, plan.audio.wav16k), plan.output, deps, signal);
      return (index) => shapes[index]!;
    },
    reusableFolder: () => plan.model.dir,
  };
}

/**
 * processing: the planned engine draws the stored face data to the new audio without face detection (the exemplar
 * engine picks the stored mouths anew; Wav2Lip redraws the stored crops, then restores the face as planned), encoded
 * with that audio.
 */
export function reusableRenderStage(deps: ReusableLipsyncDeps): Stage<ReusableLipsyncRequest> {
  return {
    name: 'render',
    label: 'Rendering',
    status: 'processing',
    weight: 4,
    async run({ outputs, plan: jobPlan }, ctx) {
      const plan = reusableLipsyncOutput(outputs, 'prepare');
      const manifest = await readReusableManifest(plan.model.dir);
      const engine = plannedEngine(jobPlan, manifest);
      const video = lipsyncVideoPath(manifest.reference.name);
      await mkdir(path.join(ctx.workDir, 'output'), { recursive: true });
      const rendered = await engine.render(
        {
          // precision_v1 is the only model that leaves a reusable folder.
          model: 'precision_v1',
          reference: { ...manifest.reference, path: path.join(plan.model.dir, manifest.reference.file) },
          output: plan.output,
          video: path.join(ctx.workDir, video),
          audio: {
            path: resolveWorkPath(ctx.workDir, plan.audio.path),
            wav16k: path.join(ctx.workDir, plan.audio.wav16k),
          },
          prepared: preparedFrom(plan, manifest, ctx.workDir, deps, ctx.signal),
          restoration: planStepNamed(jobPlan, 'restore-face'),
        },
        deps,
        ctx,
      );
      ctx.log(rendered.summary);
      return { video, ...rendered.details, engine: rendered.engine } satisfies RenderedVideo;
    },
  };
}
