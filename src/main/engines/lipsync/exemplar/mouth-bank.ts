// The mouth bank of a reference video: every frame's lower face resampled into the face frame (face-frame.ts),
// with the mouth shape it shows. precision_v1 picks from it the real mouths that match the audio (Video Rewrite).
//
//   <dir>/mouth-bank.json  MouthBankIndex (written last: a bank without it is incomplete)
//   <dir>/mouths.rgb       entries x patchHeight x patchWidth x 3 bytes, packed RGB, in the order of `entries`
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../../../shared/errors.js';
import type { FaceLandmarks } from '../../face/types.js';
import { sampleBilinearRgb } from '../../../media/image/bilinear.js';
import { createRgbImage, type RgbImage } from '../../../media/image/rgb-image.js';
import { writeFileAtomic, writeHandleAtomic } from '../../../files/atomic-write.js';
import { describeMouth, MOUTH_SHAPE_DEFAULTS, type MouthShape } from '../mouth-shape.js';
import { faceFrameOf, faceScale, toFace, toImage, type FaceFrame } from './face-frame.js';
import { chooseMouthLabels } from './mouth-labels.js';

export const MOUTH_BANK_INDEX = 'mouth-bank.json';
export const MOUTH_BANK_PIXELS = 'mouths.rgb';

/** The stored region, in face units: cheek to cheek, from the nose to below the chin (the pasted ellipse lies inside). */
export const PATCH_REGION = { minU: -1, maxU: 1, minV: 0.2, maxV: 2.1 } as const;

/** The patch's resolution follows the face's, within these bounds (pixels per face unit). */
const MIN_PIXELS_PER_UNIT = 32;
const MAX_PIXELS_PER_UNIT = 128;

/**
 * Mouths kept at most: the first 80 s of a 25 fps reference, a few hundred MB at the largest patch size. A person
 * shows every mouth shape within a minute of speech; a longer reference would only cost disk and search time.
 */
export const MAX_BANK_MOUTHS = 2000;

export interface MouthBankEntry {
  /** The reference frame the mouth comes from. */
  frame: number;
  /** The shape it shows, in the units the audio's targets use (mouth-shape.ts). */
  shape: MouthShape;
  /** Where the nose tip sits across the face (face units): how far the head is turned, so turned heads are not mixed. */
  noseU: number;
}

export interface MouthBankIndex {
  version: 1;
  pixelsPerUnit: number;
  patchWidth: number;
  patchHeight: number;
  /** Median mouth centre and width over the bank, in face units: where the paste mask sits. */
  mouth: { u: number; v: number; width: number };
  /** Where the entries' shapes come from (mouth-labels.ts). */
  labels: { source: 'audio' | 'landmarks'; agreement: number | null };
  entries: MouthBankEntry[];
}

interface MeasuredMouth {
  frame: FaceFrame;
  /** Inner-lip gap over maxOpening x mouth width, as MouthShape.opening. */
  opening: number;
  /** Corner to corner, face units. */
  widthUnits: number;
  centre: { u: number; v: number };
  noseU: number;
}

/** A frame's face frame and mouth measures, or null when its eyes or lips cannot be measured. */
export function measureMouth(face: FaceLandmarks): MeasuredMouth | null {
  const frame = faceFrameOf(face);
  if (!frame) return null;
  let geometry;
  try {
    geometry = describeMouth({ outer: face.mouthOuter, inner: face.mouthInner });
  } catch {
    return null;
  }
  const scale = faceScale(frame);
  const centre = toFace(frame, geometry.frame.centre);
  const noseTip = face.nose.length
    ? toFace(
        frame,
        face.nose.reduce((lowest, p) => (p.y > lowest.y ? p : lowest)),
      )
    : { x: 0, y: 0 };
  return {
    frame,
    opening: Math.max(0, geometry.opening / (MOUTH_SHAPE_DEFAULTS.maxOpening * geometry.width)),
    widthUnits: geometry.width / scale,
    centre: { u: centre.x, v: centre.y },
    noseU: noseTip.x,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
}

export function patchSize(pixelsPerUnit: number): { width: number; height: number } {
  return {
    width: Math.round((PATCH_REGION.maxU - PATCH_REGION.minU) * pixelsPerUnit),
    height: Math.round((PATCH_REGION.maxV - PATCH_REGION.minV) * pixelsPerUnit),
  };
}

/** The patch's region of `image`, resampled into the face frame. */
export function samplePatch(image: RgbImage, frame: FaceFrame, pixelsPerUnit: number, into: RgbImage): RgbImage {
  for (let row = 0; row < into.height; row++) {
    const v = PATCH_REGION.minV + (row + 0.5) / pixelsPerUnit;
    for (let col = 0; col < into.width; col++) {
      const point = toImage(frame, PATCH_REGION.minU + (col + 0.5) / pixelsPerUnit, v);
      sampleBilinearRgb(image, point.x, point.y, into.data, (row * into.width + col) * 3);
    }
  }
  return into;
}

/**
 * Which frames go into the bank and at what resolution: every frame whose mouth can be measured (the first
 * MAX_BANK_MOUTHS). Shapes come from each frame's own landmarks; patches are placed by the steady `faceFrames`.
 */
export function planMouthBank(
  track: readonly (FaceLandmarks | null)[],
  faceFrames: readonly (FaceFrame | null)[],
  /** The shape the reference's own soundtrack asks for at each of its frames, when it has one. */
  audioShapes: readonly MouthShape[] | null = null,
): { index: Omit<MouthBankIndex, 'entries'> & { entries: MouthBankEntry[] }; frames: Map<number, FaceFrame> } {
  const measured = track.map((face) => (face ? measureMouth(face) : null));
  const usable = measured
    .flatMap((mouth, frame) => (mouth && faceFrames[frame] ? [{ mouth, frame }] : []))
    .slice(0, MAX_BANK_MOUTHS);
  if (usable.length === 0)
    throw new DubDeskError('no_face_detected', 'No frame of the reference shows a mouth that can be measured.');
  const medianWidth = median(usable.map(({ mouth }) => mouth.widthUnits));
  const pixelsPerUnit = Math.round(
    Math.min(
      MAX_PIXELS_PER_UNIT,
      Math.max(MIN_PIXELS_PER_UNIT, median(usable.map(({ mouth }) => faceScale(mouth.frame)))),
    ),
  );
  const { width, height } = patchSize(pixelsPerUnit);
  const measuredShapes = usable.map(({ mouth }): MouthShape => {
    // Width as the audio targets give it: the relative change from this person's usual width.
    const relativeWidth = Math.max(-0.2, Math.min(0.2, mouth.widthUnits / medianWidth - 1));
    return { opening: mouth.opening, width: relativeWidth, rounding: Math.max(0, Math.min(1, -relativeWidth / 0.2)) };
  });
  const labels = chooseMouthLabels(
    measuredShapes,
    audioShapes ? usable.map(({ frame }) => audioShapes[frame] ?? { opening: 0, width: 0, rounding: 0 }) : null,
  );
  const entries = usable.map(({ mouth, frame }, k): MouthBankEntry => ({
    frame,
    shape: labels.shapes[k]!,
    noseU: mouth.noseU,
  }));
  return {
    index: {
      version: 1,
      pixelsPerUnit,
      patchWidth: width,
      patchHeight: height,
      mouth: {
        u: median(usable.map(({ mouth }) => mouth.centre.u)),
        v: median(usable.map(({ mouth }) => mouth.centre.v)),
        width: medianWidth,
      },
      labels: { source: labels.source, agreement: labels.agreement },
      entries,
    },
    frames: new Map(usable.map(({ frame }) => [frame, faceFrames[frame]!])),
  };
}

/**
 * Writes the bank of a reference into `dir` from its frames in order: the patch of every frame with a measurable
 * mouth, then the index. Holds one patch in memory.
 */
export async function writeMouthBank(
  dir: string,
  track: readonly (FaceLandmarks | null)[],
  steadyFrames: readonly (FaceFrame | null)[],
  audioShapes: readonly MouthShape[] | null,
  frames: AsyncIterable<{ index: number; image: RgbImage }>,
): Promise<MouthBankIndex> {
  const { index, frames: faceFrames } = planMouthBank(track, steadyFrames, audioShapes);
  const patch = createRgbImage(index.patchWidth, index.patchHeight);
  const bytes = patch.data.length;
  const slotOf = new Map(index.entries.map((entry, slot) => [entry.frame, slot]));
  const written = new Set<number>();
  await writeHandleAtomic(path.join(dir, MOUTH_BANK_PIXELS), async (handle) => {
    const lastFrame = index.entries[index.entries.length - 1]!.frame;
    for await (const { index: frame, image } of frames) {
      // Frames past the bank's last mouth are not read (a long reference keeps only its first MAX_BANK_MOUTHS).
      if (frame > lastFrame) break;
      const slot = slotOf.get(frame);
      if (slot === undefined) continue;
      samplePatch(image, faceFrames.get(frame)!, index.pixelsPerUnit, patch);
      await handle.write(patch.data, 0, bytes, slot * bytes);
      written.add(frame);
    }
  });
  // A file that delivered fewer frames than its track keeps only the mouths it really showed.
  const complete = { ...index, entries: index.entries.filter((entry) => written.has(entry.frame)) };
  if (complete.entries.length !== index.entries.length) return rewriteWithout(dir, index, complete);
  await writeFileAtomic(path.join(dir, MOUTH_BANK_INDEX), JSON.stringify(complete));
  return complete;
}

/** Compacts the pixel file to the entries that were written (rare: a reference shorter than it said). */
async function rewriteWithout(dir: string, planned: MouthBankIndex, kept: MouthBankIndex): Promise<MouthBankIndex> {
  const file = path.join(dir, MOUTH_BANK_PIXELS);
  const bytes = planned.patchWidth * planned.patchHeight * 3;
  const oldSlot = new Map(planned.entries.map((entry, slot) => [entry.frame, slot]));
  const source = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    await writeHandleAtomic(file, async (handle) => {
      for (const [slot, entry] of kept.entries.entries()) {
        await source.read(buffer, 0, bytes, oldSlot.get(entry.frame)! * bytes);
        await handle.write(buffer, 0, bytes, slot * bytes);
      }
    });
  } finally {
    await source.close();
  }
  await writeFileAtomic(path.join(dir, MOUTH_BANK_INDEX), JSON.stringify(kept));
  return kept;
}

export async function readMouthBankIndex(dir: string): Promise<MouthBankIndex> {
  try {
    const index = JSON.parse(await readFile(path.join(dir, MOUTH_BANK_INDEX), 'utf8')) as MouthBankIndex;
    if (index.version !== 1 || !(index.entries.length > 0)) throw new Error(`layout ${index.version}`);
    return index;
  } catch (error) {
    throw new DubDeskError(
      'not_found',
      `The mouth bank in ${dir} is missing or damaged; run the lip-sync task again.`,
      { cause: error },
    );
  }
}

export interface MouthBankReader {
  /** The patch of bank entry `slot`; the same object for repeated reads of one slot until it leaves the cache. */
  read(slot: number): Promise<RgbImage>;
  close(): Promise<void>;
}

/** Reads patches one at a time (a long reference's bank need not fit in memory), keeping the last few. */
export async function openMouthBank(dir: string, index: MouthBankIndex): Promise<MouthBankReader> {
  const handle = await open(path.join(dir, MOUTH_BANK_PIXELS), 'r');
  const bytes = index.patchWidth * index.patchHeight * 3;
  const cache = new Map<number, RgbImage>();
  return {
    async read(slot) {
      const cached = cache.get(slot);
      if (cached) {
        // Most recently used last, so a held exemplar is never the one evicted.
        cache.delete(slot);
        cache.set(slot, cached);
        return cached;
      }
      const patch = createRgbImage(index.patchWidth, index.patchHeight);
      const { bytesRead } = await handle.read(patch.data, 0, bytes, slot * bytes);
      if (bytesRead !== bytes) throw new DubDeskError('internal', `The mouth bank ends before entry ${slot}.`);
      if (cache.size >= 16) cache.delete(cache.keys().next().value!);
      cache.set(slot, patch);
      return patch;
    },
    close: () => handle.close(),
  };
}
