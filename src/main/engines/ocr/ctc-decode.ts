// Greedy CTC decoding of a PaddleOCR recognizer's output: the most likely class per step, repeats merged, blanks
// dropped. Classes are PaddleOCR's CTCLabelDecode order: 0 blank, 1..n the dictionary's lines, n+1 a space.

export interface CtcClasses {
  /** Characters by class index; index 0 (blank) is unused. */
  readonly characters: readonly string[];
}

export interface DecodedText {
  text: string;
  /** Mean probability of the kept characters (the first step of each), 0 when none was kept. */
  confidence: number;
}

/** The classes of a dictionary file's text: one character a line, blank first and a space last. */
export function ctcClassesFromDictionary(dictionary: string): CtcClasses {
  const lines = dictionary.split(/\r?\n/);
  // The file ends with a newline: the empty string after it is no character.
  if (lines.at(-1) === '') lines.pop();
  return { characters: ['', ...lines, ' '] };
}

/** Decodes one line: `probabilities` holds `steps` rows of `classes` softmax values. */
export function decodeCtcGreedy(probabilities: Float32Array, steps: number, classes: CtcClasses): DecodedText {
  const count = classes.characters.length;
  let text = '';
  let sum = 0;
  let kept = 0;
  let previous = -1;
  for (let step = 0; step < steps; step++) {
    const row = step * count;
    let best = 0;
    let bestProbability = probabilities[row]!;
    for (let index = 1; index < count; index++) {
      const probability = probabilities[row + index]!;
      if (probability > bestProbability) {
        best = index;
        bestProbability = probability;
      }
    }
    if (best !== 0 && best !== previous) {
      text += classes.characters[best];
      sum += bestProbability;
      kept += 1;
    }
    previous = best;
  }
  return { text, confidence: kept > 0 ? sum / kept : 0 };
}
