// A project's synthesized lines, kept by what made them (text, voice, rate, pitch, reference), so an export after one
// edit speaks only that line again, and a line the editor regenerated is not spoken a second time by the export.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../files/atomic-write.js';
import type { SynthesisRequest } from '../../engines/tts/types.js';
import type { StoredClip } from './dub-track.js';

/** What decides a clip's sound: the same key is the same audio. */
export function clipKey(request: Omit<SynthesisRequest, 'signal'>): string {
  const reference = request.reference ? { text: request.reference.text, file: path.basename(request.reference.wavFile) } : null;
  const identity = JSON.stringify([request.text, request.voiceId, request.rate ?? 1, request.pitchSemitones ?? 0, reference]);
  return createHash('sha256').update(identity).digest('hex').slice(0, 32);
}

export interface ClipCache {
  /** The stored clip of that key, if one was made before. */
  find(key: string, index: number): StoredClip | undefined;
  /** Keeps trimmed samples under their key; written whole or not at all. */
  save(key: string, index: number, samples: Float32Array, sampleRate: number): Promise<StoredClip>;
}

/** Clips are files `<key>-<rate>.f32` (raw float32, mono); the folder's names are read once, a clip's size when it is used. */
export async function openClipCache(dir: string): Promise<ClipCache> {
  await mkdir(dir, { recursive: true });
  const known = new Map<string, { file: string; sampleRate: number }>();
  for (const name of await readdir(dir)) {
    const match = /^([0-9a-f]{32})-(\d+)\.f32$/u.exec(name);
    if (match) known.set(match[1]!, { file: path.join(dir, name), sampleRate: Number(match[2]) });
  }
  return {
    find(key, index) {
      const clip = known.get(key);
      return clip ? { index, ...clip, length: statSync(clip.file).size / 4 } : undefined;
    },
    async save(key, index, samples, sampleRate) {
      const file = path.join(dir, `${key}-${sampleRate}.f32`);
      await writeFileAtomic(file, new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));
      known.set(key, { file, sampleRate });
      return { index, file, sampleRate, length: samples.length };
    },
  };
}
