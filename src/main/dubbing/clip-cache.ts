// A project's synthesized lines, kept by what made them (text, voice, rate, pitch, reference), so an export after one
// edit speaks only that line again, and a line the editor regenerated is not spoken a second time by the export.
// Takes are FLAC (24-bit: a TTS's 16-bit output exactly, a float one within -138 dBFS), about a third of raw float32.
// Who needs a take says so in `uses/<name>.json` (the last export, each line's own takes); the rest can be pruned.
import { createHash } from 'node:crypto';
import { existsSync, utimesSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { atomicTempPath, isAtomicTempName, writeFileAtomic, writeThroughTemp } from '../files/atomic-write.js';
import type { SynthesisRequest } from '../engines/tts/types.js';
import { decodeAudioPcm } from '../media/audio.js';
import { ffmpegBaseArgs } from '../media/ffmpeg-args.js';
import { runFfmpeg } from '../media/run-ffmpeg.js';
import type { StoredClip } from './dub-track.js';

/** What decides a clip's sound: the same key is the same audio. */
export function clipKey(request: Omit<SynthesisRequest, 'signal'>): string {
  const reference = request.reference
    ? { text: request.reference.text, file: path.basename(request.reference.wavFile) }
    : null;
  const identity = JSON.stringify([
    request.text,
    request.voiceId,
    request.rate ?? 1,
    request.pitchSemitones ?? 0,
    reference,
  ]);
  return createHash('sha256').update(identity).digest('hex').slice(0, 32);
}

export interface ClipCache {
  /** The stored clip of that key, if one was made before. */
  find(key: string, index: number): StoredClip | undefined;
  /** Keeps trimmed samples under their key; written whole or not at all. */
  save(
    key: string,
    index: number,
    samples: Float32Array,
    sampleRate: number,
    signal?: AbortSignal,
  ): Promise<StoredClip>;
  /** The keys found or saved through this handle, in first-use order. */
  used(): string[];
  /** Records the takes this handle used as what `user` needs kept (replacing what it needed before). */
  recordUse(user: string): Promise<void>;
}

/** `<key>-<sample rate>-<samples>.flac`: the name says all a clip's user needs before reading it. */
const TAKE_NAME = /^([0-9a-f]{32})-(\d+)-(\d+)\.flac$/u;
const USES_DIR = 'uses';
/** The user name of the takes the project's last export spoke or reused. */
export const EXPORT_CLIP_USER = 'export';

/** Encodes raw mono float32 samples as 24-bit FLAC. */
export function flacArgs(raw: string, sampleRate: number, output: string): string[] {
  return [
    ...ffmpegBaseArgs(),
    '-y',
    '-f',
    'f32le',
    '-ar',
    String(sampleRate),
    '-ac',
    '1',
    '-i',
    raw,
    '-c:a',
    'flac',
    '-sample_fmt',
    's32',
    '-f',
    'flac',
    output,
  ];
}

function storedClip(file: string, index: number, sampleRate: number, length: number, ffmpeg: string): StoredClip {
  return {
    index,
    file,
    sampleRate,
    length,
    decode: async (signal) =>
      length === 0 ? new Float32Array(0) : decodeAudioPcm(file, { sampleRate, ffmpeg, signal }),
  };
}

/** The folder's names are read once; a clip found is checked to still exist (a prune may have dropped it since). */
export async function openClipCache(dir: string, options: { ffmpeg: string }): Promise<ClipCache> {
  await mkdir(dir, { recursive: true });
  const known = new Map<string, { file: string; sampleRate: number; length: number }>();
  for (const name of await readdir(dir)) {
    const match = TAKE_NAME.exec(name);
    if (match)
      known.set(match[1]!, { file: path.join(dir, name), sampleRate: Number(match[2]), length: Number(match[3]) });
  }
  const used = new Set<string>();
  return {
    find(key, index) {
      const clip = known.get(key);
      if (!clip || !existsSync(clip.file)) return undefined;
      // A take in use is young again: past the cap, the takes unused the longest go first.
      const now = new Date();
      try {
        utimesSync(clip.file, now, now);
      } catch {
        return undefined;
      }
      used.add(key);
      return storedClip(clip.file, index, clip.sampleRate, clip.length, options.ffmpeg);
    },
    async save(key, index, samples, sampleRate, signal) {
      const file = path.join(dir, `${key}-${sampleRate}-${samples.length}.flac`);
      const raw = atomicTempPath(path.join(dir, `${key}.f32`));
      try {
        await writeFile(raw, new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));
        await writeThroughTemp(file, (output) =>
          runFfmpeg(flacArgs(raw, sampleRate, output), { ffmpeg: options.ffmpeg, signal }),
        );
      } finally {
        await rm(raw, { force: true });
      }
      known.set(key, { file, sampleRate, length: samples.length });
      used.add(key);
      return storedClip(file, index, sampleRate, samples.length, options.ffmpeg);
    },
    used: () => [...used],
    recordUse: (user) => writeFileAtomic(path.join(dir, USES_DIR, `${user}.json`), JSON.stringify([...used])),
  };
}

/** The takes each user recorded it needs, by user. */
export async function readClipUses(dir: string): Promise<Map<string, string[]>> {
  const uses = new Map<string, string[]>();
  const names = await readdir(path.join(dir, USES_DIR)).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith('.json') || isAtomicTempName(name)) continue;
    let keys: unknown;
    try {
      keys = JSON.parse(await readFile(path.join(dir, USES_DIR, name), 'utf8'));
    } catch {
      // A record that cannot be read names nothing: its takes are spoken again when needed.
      keys = undefined;
    }
    uses.set(
      name.slice(0, -'.json'.length),
      Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [],
    );
  }
  return uses;
}

export interface ClipPrune {
  /** Takes removed: superseded (needed by no user) and, past the cap, the oldest of the rest. */
  removed: number;
  /** Bytes of takes left. */
  bytes: number;
}

/** A temp file this old is a crashed writer's, not one still being written. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * Drops every take no user in `users` needs (and the records of the other users), then, while the takes left are
 * over `capBytes`, the oldest of them: an export speaks a dropped take again. Also removes what older versions
 * stored (raw `.f32` takes) and writes a crash left behind.
 */
export async function pruneClipCache(
  dir: string,
  options: { users: ReadonlySet<string>; capBytes: number; now?: number },
): Promise<ClipPrune> {
  const now = options.now ?? Date.now();
  const uses = await readClipUses(dir);
  const needed = new Set<string>();
  for (const [user, keys] of uses) {
    if (options.users.has(user)) for (const key of keys) needed.add(key);
    else await rm(path.join(dir, USES_DIR, `${user}.json`), { force: true });
  }
  const takes: Array<{ file: string; bytes: number; modified: number }> = [];
  let removed = 0;
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    const info = await stat(file).catch(() => undefined);
    if (!info) continue;
    const match = TAKE_NAME.exec(entry.name);
    if (match && needed.has(match[1]!)) {
      takes.push({ file, bytes: info.size, modified: info.mtimeMs });
      continue;
    }
    if (isAtomicTempName(entry.name) && now - info.mtimeMs < STALE_TEMP_MS) continue;
    await rm(file, { force: true });
    if (match) removed++;
  }
  takes.sort((a, b) => a.modified - b.modified);
  let bytes = takes.reduce((sum, take) => sum + take.bytes, 0);
  for (const take of takes) {
    if (bytes <= options.capBytes) break;
    await rm(take.file, { force: true });
    bytes -= take.bytes;
    removed++;
  }
  return { removed, bytes };
}
