// Reads the erased boxes of a rendered video again with the job's own recognizer: one frame per text (the middle
// of its span), decoded at the size the text was found on, cropped to the box as the find stage crops it. A few
// seeks and reads, not a pass over the video, so measuring stays a small part of a job's time.
import type { TextRecognizer } from '../../../engines/ocr/types.js';
import { readFrames } from '../../../media/frames.js';
import type { PixelBox } from '../../../media/image/rgb-image.js';
import { readPicture } from '../text/read-events.js';
import { textPicture } from '../text/text-picture.js';

export interface BoxToReread {
  startMs: number;
  endMs: number;
  /** In the find frame's pixels. */
  box: PixelBox;
}

export interface RereadOptions {
  recognizer: TextRecognizer;
  languages: string[];
  /** The find frame's size and rate. */
  frame: { width: number; height: number; fps: number };
  signal: AbortSignal;
}

/** The middle frame of the span, in seconds: on a frame boundary, so the seek lands on it and not the one before. */
export function middleFrameSec(text: Pick<BoxToReread, 'startMs' | 'endMs'>, fps: number): number {
  const first = Math.floor((text.startMs * fps) / 1000);
  const last = Math.max(first, Math.ceil((text.endMs * fps) / 1000) - 1);
  return Math.floor((first + last) / 2) / fps;
}

/** What the recognizer reads in each box on its middle frame of `video`, in the order given. */
export async function rereadBoxes(video: string, boxes: readonly BoxToReread[], options: RereadOptions): Promise<string[]> {
  const { frame, signal } = options;
  const reads: string[] = [];
  for (const text of boxes) {
    signal.throwIfAborted();
    let read = '';
    for await (const decoded of readFrames(video, { pixelFormat: 'rgb24', height: frame.height, startSec: middleFrameSec(text, frame.fps), durationSec: 1 / frame.fps, signal })) {
      const image = { data: decoded.data, width: Math.round(decoded.data.length / 3 / frame.height), height: frame.height };
      const lines = await readPicture(textPicture(image, text.box), options.recognizer, options);
      read = lines.map((line) => line.text.trim()).filter(Boolean).join(' ');
      break;
    }
    reads.push(read);
  }
  return reads;
}
