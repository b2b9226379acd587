// The reusable folder a precision_v1 job leaves in its work dir: everything new audio needs to be lip-synced onto
// the same reference without finding the face again. POST /v1/reusable_lipsync_models copies it as it is.
//
//   reusable/manifest.json   ReusableManifest (written last: a folder without it is incomplete)
//   reusable/reference.<ext> a copy of the reference video or picture (the user may move or change theirs)
//   reusable/track.json      the followed face's landmarks per reference frame (null where none)
// For a generator (engine absent or "generator"):
//   reusable/boxes.json      the square crop box per reference frame, {x, y, width, height} in pixels, or null
//   reusable/crops.rgb       frameCount x 96 x 96 x 3 bytes: each reference frame's crop, packed RGB, resized
//                            to 96x96 (zeros where the frame has no face), exactly what the generator is fed
// For the exemplar engine (engine "exemplar"): the face's steady path and the mouth bank, exemplar/.
//   reusable/face-frames.json, reusable/mouth-bank.json, reusable/mouths.rgb
import { constants, readFileSync } from 'node:fs';
import { copyFile, mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';
import type { FaceLandmarks } from '../face/types.js';
import type { PixelBox, RgbImage } from '../../media/image/rgb-image.js';
import { createRgbImage } from '../../media/image/rgb-image.js';
import { writeFileAtomic, writeThroughTemp } from '../../files/atomic-write.js';
import type { LipsyncReference } from './types.js';
import { FACE_CROP_SIZE } from './wav2lip/crop-box.js';

/** The folder's name inside a precision_v1 job's work dir (the reusable-models route copies it). */
export const REUSABLE_DIR = 'reusable';
export const REUSABLE_MANIFEST = 'manifest.json';
export const REUSABLE_LAYOUT_VERSION = 1;
export const CROP_BYTES = FACE_CROP_SIZE * FACE_CROP_SIZE * 3;

/** The reference as the folder keeps it: its own copy's file name instead of the user's path. */
export type ReusableReference = Omit<LipsyncReference, 'path'> & {
  /** File name inside the folder. */
  file: string;
};

interface ReusableBase {
  version: number;
  reference: ReusableReference;
  track: string;
  framesWithFace: number;
}

/** Face crops for a Wav2Lip-class generator (every folder made before the exemplar engine is one). */
export interface GeneratorManifest extends ReusableBase {
  engine?: 'generator';
  /** Catalogue id of the generator the crops were made for. */
  model: string;
  cropSize: number;
  crops: string;
  boxes: string;
}

/** The mouth bank of the built-in exemplar engine: needs no model. */
export interface ExemplarManifest extends ReusableBase {
  engine: 'exemplar';
  /** JSON: the steady face frame ({origin, axis}) of every reference frame, null where there is no face (face-path.ts). */
  faceFrames: string;
}

export const FACE_FRAMES_FILE = 'face-frames.json';

export type ReusableManifest = GeneratorManifest | ExemplarManifest;

export function isExemplarManifest(manifest: ReusableManifest): manifest is ExemplarManifest {
  return manifest.engine === 'exemplar';
}

/**
 * Starts the work dir's reusable folder for `reference` (absolute path): any manifest of an interrupted run removed
 * (without it a folder never counts as complete), the reference copied in (a reflink where the file system can: the
 * user's file may move or change later) and the face track written. The caller adds its data, then the manifest.
 */
export async function startReusableFolder(
  workDir: string,
  reference: LipsyncReference,
  track: readonly (FaceLandmarks | null)[],
): Promise<{ dir: string; reference: ReusableReference; track: string }> {
  const dir = path.join(workDir, REUSABLE_DIR);
  await rm(path.join(dir, REUSABLE_MANIFEST), { force: true });
  await mkdir(dir, { recursive: true });
  const file = `reference${path.extname(reference.path).toLowerCase() || path.extname(reference.name).toLowerCase()}`;
  await writeThroughTemp(path.join(dir, file), (temp) => copyFile(reference.path, temp, constants.COPYFILE_FICLONE));
  await writeFileAtomic(path.join(dir, 'track.json'), JSON.stringify(track));
  const { path: _userPath, ...kept } = reference;
  return { dir, reference: { ...kept, file }, track: 'track.json' };
}

/** The manifest of a reusable folder; a missing or foreign one is a clear error, not a crash later on. */
export async function readReusableManifest(dir: string): Promise<ReusableManifest> {
  let manifest: ReusableManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, REUSABLE_MANIFEST), 'utf8')) as ReusableManifest;
  } catch (error) {
    throw new DubDeskError(
      'not_found',
      `The reusable lip-sync data in ${dir} is missing or damaged; make the reusable model again from its lip-sync task.`,
      { cause: error },
    );
  }
  if (
    manifest.version !== REUSABLE_LAYOUT_VERSION ||
    (!isExemplarManifest(manifest) && manifest.cropSize !== FACE_CROP_SIZE)
  ) {
    throw new DubDeskError(
      'invalid_request',
      `The reusable lip-sync data in ${dir} was made by a different DubDesk version ` +
        `(layout ${manifest.version}); make the reusable model again.`,
    );
  }
  return manifest;
}

/**
 * Which engine a folder was made for, read at request time (a small file, read synchronously); 'unreadable' when its
 * manifest is missing or damaged, so the job fails with readReusableManifest's clear error instead of asking for a
 * model that would not help.
 */
export function reusableFolderEngine(dir: string): 'generator' | 'exemplar' | 'unreadable' {
  try {
    return (JSON.parse(readFileSync(path.join(dir, REUSABLE_MANIFEST), 'utf8')) as Partial<ReusableManifest>).engine ===
      'exemplar'
      ? 'exemplar'
      : 'generator';
  } catch {
    return 'unreadable';
  }
}

export async function readCropBoxes(dir: string, manifest: GeneratorManifest): Promise<(PixelBox | null)[]> {
  return JSON.parse(await readFile(path.join(dir, manifest.boxes), 'utf8')) as (PixelBox | null)[];
}

export async function readFaceTrackOf(dir: string, manifest: ReusableManifest): Promise<(FaceLandmarks | null)[]> {
  return JSON.parse(await readFile(path.join(dir, manifest.track), 'utf8')) as (FaceLandmarks | null)[];
}

export interface CropReader {
  /** The 96x96 crop of reference frame `index`; the same object for repeated reads of one index. */
  read(index: number): Promise<RgbImage>;
  close(): Promise<void>;
}

/** Reads crops one at a time from crops.rgb (a long reference's crops need not fit in memory). */
export async function openCropReader(dir: string, manifest: GeneratorManifest): Promise<CropReader> {
  const handle = await open(path.join(dir, manifest.crops), 'r');
  // Ping-pong and still pictures read the same crop again and again: keep the last few.
  const cache = new Map<number, RgbImage>();
  return {
    async read(index) {
      const cached = cache.get(index);
      if (cached) return cached;
      const crop = createRgbImage(FACE_CROP_SIZE, FACE_CROP_SIZE);
      const { bytesRead } = await handle.read(crop.data, 0, CROP_BYTES, index * CROP_BYTES);
      if (bytesRead !== CROP_BYTES)
        throw new DubDeskError('internal', `The reusable face crops end before reference frame ${index}.`);
      if (cache.size >= 8) cache.delete(cache.keys().next().value!);
      cache.set(index, crop);
      return crop;
    },
    close: () => handle.close(),
  };
}
