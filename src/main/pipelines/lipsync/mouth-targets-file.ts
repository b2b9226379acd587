// The mouth-targets stage's output file: one mouth shape per output frame, read by the renderers.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StageOutput } from '../types.js';
import type { MouthShape } from '../../engines/lipsync/mouth-shape.js';

export interface MouthTargetsFile extends StageOutput {
  /** JSON {opening, width, rounding} arrays, one value per output frame, relative to the work dir. */
  targets: string;
}

export async function readMouthTargets(
  workDir: string,
  output: MouthTargetsFile,
): Promise<(index: number) => MouthShape> {
  const { opening, width, rounding } = JSON.parse(await readFile(path.join(workDir, output.targets), 'utf8')) as Record<
    'opening' | 'width' | 'rounding',
    number[]
  >;
  const last = opening.length - 1;
  return (index) => {
    const i = Math.min(index, last);
    return { opening: opening[i]!, width: width[i]!, rounding: rounding[i]! };
  };
}
