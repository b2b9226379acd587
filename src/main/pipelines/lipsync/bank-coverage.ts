// bank_coverage: the exemplar engine's render stage says what share of the frames it drew with the person's own
// mouths; other engines say nothing, and the report then has null.
import type { StageOutput } from '../types.js';

/** The render output's `bankCoverage` when it holds a share 0..1, else null. */
export function bankCoverageOf(render: StageOutput | undefined): number | null {
  const value = render?.bankCoverage;
  return typeof value === 'number' && value >= 0 && value <= 1 ? value : null;
}
