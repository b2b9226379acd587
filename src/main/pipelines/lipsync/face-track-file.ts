// The faces stage's output file: the followed face's landmarks per reference frame, read by the stages after it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FaceLandmarks } from '../../engines/face/types.js';
import type { StageOutput } from '../types.js';

export interface FaceTrackFile extends StageOutput {
  /** JSON array: the followed face's landmarks per reference frame (null where none), relative to the work dir. */
  track: string;
  framesWithoutFace: number[];
}

export async function readFaceTrack(workDir: string, output: FaceTrackFile): Promise<(FaceLandmarks | null)[]> {
  return JSON.parse(await readFile(path.join(workDir, output.track), 'utf8')) as (FaceLandmarks | null)[];
}
