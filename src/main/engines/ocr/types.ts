// Text recognition in pictures: the lines of on-screen text in a video frame, for visual translation.
import type { PixelBox, RgbImage } from '../../media/image/rgb-image.js';

/** One word as the engine read it. */
export interface RecognizedWord {
  text: string;
  /** The engine's confidence in the word, 0..1. */
  confidence: number;
}

export interface RecognizedLine {
  text: string;
  /** Where the line sits, in the image's pixels. */
  box: PixelBox;
  /** The engine's confidence in the line's text, 0..1. */
  confidence: number;
  /** Its words with their own confidences, for engines that read word by word (Tesseract). */
  words?: RecognizedWord[];
}

export interface TextRecognizer {
  readonly id: string;
  supports(language: string): boolean;
  /** Lines of text found in the image, top to bottom; `languages` are codes as in src/shared/languages.ts. */
  recognize(image: RgbImage, options: { languages: string[]; signal: AbortSignal }): Promise<RecognizedLine[]>;
}
