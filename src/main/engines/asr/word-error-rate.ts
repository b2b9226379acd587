// Word error rate, the usual measure of a speech recognizer: (substitutions + deletions + insertions) / reference
// words, after lower-casing and dropping punctuation. Used by the tests and bench/asr.bench.ts.

/** Lower-case words without punctuation (apostrophes inside words kept: "don't"). */
export function normalizedWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word !== '');
}

/** Word-level edit distance between reference and hypothesis. */
export function wordEditDistance(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      const substitution = previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      row.push(Math.min(substitution, previous[j]! + 1, row[j - 1]! + 1));
    }
    previous = row;
  }
  return previous[hypothesis.length]!;
}

/** WER of `hypothesis` against `reference`, 0..(can exceed 1 with many insertions). */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const referenceWords = normalizedWords(reference);
  if (referenceWords.length === 0) return normalizedWords(hypothesis).length === 0 ? 0 : 1;
  return wordEditDistance(referenceWords, normalizedWords(hypothesis)) / referenceWords.length;
}
