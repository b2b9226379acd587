// Which shape each bank mouth shows. A reference that speaks says it in its own soundtrack: the audio's shapes are
// clean and in the very units the driving audio's targets use (Video Rewrite labelled its footage from its sound
// too). Landmarks measure the mouth directly but shiver. The sound is trusted only where it agrees with them, so a
// reference under music or another voice is labelled by its landmarks.
import type { MouthShape } from '../mouth-shape.js';

/** The least agreement (correlation of the two openings) for the soundtrack to label the mouths. */
export const MIN_AGREEMENT = 0.3;

export interface MouthLabels {
  shapes: MouthShape[];
  source: 'audio' | 'landmarks';
  /** Correlation of the soundtrack's openings with the landmarks' (null without a soundtrack). */
  agreement: number | null;
}

function correlation(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  if (n < 3) return 0;
  const meanA = a.reduce((sum, x) => sum + x, 0) / n;
  const meanB = b.reduce((sum, x) => sum + x, 0) / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - meanA) * (b[i]! - meanB);
    aa += (a[i]! - meanA) ** 2;
    bb += (b[i]! - meanB) ** 2;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/** The labels of the bank's mouths, each list in bank order: from the soundtrack when it agrees with the landmarks. */
export function chooseMouthLabels(
  measured: readonly MouthShape[],
  fromAudio: readonly MouthShape[] | null,
): MouthLabels {
  if (!fromAudio) return { shapes: [...measured], source: 'landmarks', agreement: null };
  const agreement = correlation(
    measured.map((shape) => shape.opening),
    fromAudio.map((shape) => shape.opening),
  );
  return agreement >= MIN_AGREEMENT
    ? { shapes: [...fromAudio], source: 'audio', agreement }
    : { shapes: [...measured], source: 'landmarks', agreement };
}
