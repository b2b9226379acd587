// Which result a lip-sync kind's quality check measures, read from its stages' outputs: the render's video and the
// face track it was drawn on (the faces stage's, or the one a reusable model keeps).
import path from 'node:path';
import type { StageOutput } from '../types.js';
import { readFaceTrack } from './face-track-file.js';
import { lipsyncOutput } from './outputs.js';
import { readFaceTrackOf, readReusableManifest } from '../../engines/lipsync/reusable-data.js';
import type { RenderedVideo } from './types.js';
import { bankCoverageOf } from './bank-coverage.js';
import type { LipsyncResultToCheck } from '../../quality/lipsync/measure-result.js';

/** The lipsync kind: the video of `render`, the track of `faces`. */
export async function lipsyncResultToCheck(
  outputs: Record<string, StageOutput>,
  workDir: string,
): Promise<LipsyncResultToCheck> {
  const { reference } = lipsyncOutput(outputs, 'prepare');
  const render = lipsyncOutput(outputs, 'render');
  return {
    video: path.join(workDir, render.video),
    track: await readFaceTrack(workDir, lipsyncOutput(outputs, 'faces')),
    trackSize: { width: reference.width, height: reference.height },
    bankCoverage: bankCoverageOf(render),
  };
}

/** The reusable_lipsync kind: the video of `render`, the track the model's folder (`modelDir`) keeps. */
export async function reusableResultToCheck(
  modelDir: string,
  render: RenderedVideo,
  workDir: string,
): Promise<LipsyncResultToCheck> {
  const manifest = await readReusableManifest(modelDir);
  return {
    video: path.join(workDir, render.video),
    track: await readFaceTrackOf(modelDir, manifest),
    trackSize: { width: manifest.reference.width, height: manifest.reference.height },
    bankCoverage: bankCoverageOf(render),
  };
}
