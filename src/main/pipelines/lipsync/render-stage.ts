import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { LipsyncEngine, LipsyncEngineDeps, LipsyncPrepared } from '../../engines/lipsync/types.js';
import type { Stage, StageOutput } from '../types.js';
import { lipsyncVideoPath } from './driving-audio.js';
import { readFaceTrack } from './face-track-file.js';
import { readMouthTargets } from './mouth-targets-file.js';
import { lipsyncOutput } from './outputs.js';
import { planEngine } from './renderer.js';
import type { LipsyncRequest, RenderedVideo } from './types.js';
import { planInWorkDir } from './work-plan.js';
import { planStepNamed } from '../../plans/job-plan.js';

/** The outputs of the stages before the render, read when the engine asks for them (each reads only what it uses). */
function preparedFrom(outputs: Record<string, StageOutput>, workDir: string, engine: LipsyncEngine): LipsyncPrepared {
  const folderStage = engine.uses.includes('mouth-bank') ? 'mouth-bank' : 'face-crops';
  return {
    faceTrack: () => readFaceTrack(workDir, lipsyncOutput(outputs, 'faces')),
    mouthTargets: () => readMouthTargets(workDir, lipsyncOutput(outputs, 'mouth-targets')),
    reusableFolder: () => path.join(workDir, lipsyncOutput(outputs, folderStage).reusable),
  };
}

/**
 * processing: the plan's engine (engines/lipsync/engines.ts) draws the mouths of every frame, and restores the face
 * exactly when the job's plan says; encoded with the driving audio.
 */
export function renderLipsyncStage(deps: LipsyncEngineDeps): Stage<LipsyncRequest> {
  return {
    name: 'render',
    label: 'Rendering',
    status: 'processing',
    weight: 4,
    async run({ request, outputs, plan: jobPlan }, ctx) {
      const plan = planInWorkDir(lipsyncOutput(outputs, 'prepare'), ctx.workDir);
      const engine = planEngine(plan, request.model);
      const video = lipsyncVideoPath(plan.reference.name);
      await mkdir(path.join(ctx.workDir, 'output'), { recursive: true });
      const rendered = await engine.render(
        {
          model: request.model,
          reference: plan.reference,
          output: plan.output,
          video: path.join(ctx.workDir, video),
          audio: { path: plan.audio.path, wav16k: path.join(ctx.workDir, plan.audio.wav16k) },
          prepared: preparedFrom(outputs, ctx.workDir, engine),
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
