// Judges each erased box on the render's erase sample (render/erase-samples.ts: the text's middle frame, erased, its
// translation not drawn yet): the job's own recognizer reads it again, cropped as the find stage crops it, and the
// stroke contrast left in it is measured. No decoding: the render kept the samples in its one pass over the video.
import type { TextRecognizer } from '../../engines/ocr/types.js';
import { loadOpenCv } from '../../engines/ocr/opencv.js';
import { readEraseSample } from '../../engines/inpaint/video-text/erase-sample-files.js';
import { eraseSpanOf, type PlacedText } from '../../engines/inpaint/video-text/erase-spans.js';
import { sampleFrame, type EraseSample } from '../../engines/inpaint/video-text/erase-samples.js';
import { readPicture } from '../../engines/ocr/video-text/read-events.js';
import { textPicture } from '../../engines/ocr/video-text/text-picture.js';
import { strokeContrast, type StrokeContrast } from './stroke-contrast.js';

export interface RereadOptions {
  recognizer: TextRecognizer;
  languages: string[];
  signal: AbortSignal;
}

/** What is left in one erased box: the recognizer's read and the stroke contrast. */
export interface ErasedBoxCheck {
  read: string;
  strokes: StrokeContrast;
}

/** Where the render kept a text's erase samples, and the frame sizes it scaled the text's box with. */
export interface SampleSource {
  dir: string;
  /** The find frame's size and rate (the text's box and times). */
  frame: { width: number; height: number; fps: number };
  /** The rendered frames' size. */
  display: { width: number; height: number };
}

/** The erase sample of each text, found as the render named it: its span's middle frame and box. */
export function readSamplesOf(texts: readonly PlacedText[], source: SampleSource): Promise<EraseSample[]> {
  return Promise.all(
    texts.map((text) => {
      const span = eraseSpanOf(text, source.frame.fps, source.frame, source.display);
      return readEraseSample(source.dir, sampleFrame(span), span.box);
    }),
  );
}

/** Each sample's erased box read again and measured, in the order given. */
export async function rereadSamples(
  samples: readonly EraseSample[],
  options: RereadOptions,
): Promise<ErasedBoxCheck[]> {
  const { cv } = await loadOpenCv();
  const checks: ErasedBoxCheck[] = [];
  for (const sample of samples) {
    options.signal.throwIfAborted();
    const box = { ...sample.box, x: sample.box.x - sample.region.x, y: sample.box.y - sample.region.y };
    const lines = await readPicture(textPicture(sample.erased, box), options.recognizer, options);
    checks.push({
      read: lines
        .map((line) => line.text.trim())
        .filter(Boolean)
        .join(' '),
      strokes: strokeContrast(cv, sample),
    });
  }
  return checks;
}
