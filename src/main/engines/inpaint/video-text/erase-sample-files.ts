// Erase samples on disk, one file each in the job's work dir, so the quality check (a later, resumable stage) reads
// what the render saw. A file is one JSON line naming the frame and boxes, then the original's and the erased
// region's RGB bytes; named after its frame and box, so the check finds a text's sample from the text alone.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../../../shared/errors.js';
import { writeFileAtomic } from '../../../files/atomic-write.js';
import type { PixelBox } from '../../../media/image/rgb-image.js';
import type { EraseSample } from './erase-samples.js';

/** The work dir's folder of the render's erase samples. */
export const ERASE_SAMPLES_DIR = 'erase-samples';

export const eraseSampleName = (frame: number, box: PixelBox): string =>
  `${frame}-${box.x}-${box.y}-${box.width}x${box.height}.sample`;

export async function writeEraseSample(dir: string, sample: EraseSample): Promise<void> {
  const head = Buffer.from(`${JSON.stringify({ frame: sample.frame, box: sample.box, region: sample.region })}\n`);
  await writeFileAtomic(
    path.join(dir, eraseSampleName(sample.frame, sample.box)),
    Buffer.concat([head, sample.original.data, sample.erased.data]),
  );
}

/** The sample the render kept of the text erased in `box` on `frame`. */
export async function readEraseSample(dir: string, frame: number, box: PixelBox): Promise<EraseSample> {
  const file = path.join(dir, eraseSampleName(frame, box));
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    // The render samples every text it erases: a missing one is a render from before samples were kept, or a bug.
    if (error.code === 'ENOENT')
      throw new DubDeskError(
        'internal',
        `The render kept no erase sample for the text on frame ${frame}; render the video again.`,
      );
    throw error;
  });
  const newline = bytes.indexOf(10);
  const head = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Pick<EraseSample, 'frame' | 'box' | 'region'>;
  const size = head.region.width * head.region.height * 3;
  const start = newline + 1;
  if (bytes.length !== start + 2 * size) throw new DubDeskError('internal', `The erase sample ${file} is cut short.`);
  const image = (offset: number) => ({
    data: bytes.subarray(offset, offset + size),
    width: head.region.width,
    height: head.region.height,
  });
  return { ...head, original: image(start), erased: image(start + size) };
}
