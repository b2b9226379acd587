// PocketSphinx (CMU Sphinx), English only: the speech recognizer of a machine without models, from the OS packages
// (Debian/Ubuntu: pocketsphinx pocketsphinx-en-us). Draft quality: about 20-30 % of words wrong on clean read speech.
import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DubDeskError } from '../../../shared/errors.js';
import { languagePart } from '../../../shared/languages.js';
import { wavHeader } from '../../media/audio.js';
import { ProcessError, runProcess } from '../../media/run-process.js';
import { engineRow } from '../capability-table.js';
import { findExecutable, shareDirsFor } from '../system-binary.js';
import { chunkAtPauses, readWavLayout, type AudioChunk, type WavLayout } from './pocketsphinx-chunks.js';
import { parsePocketsphinxLine, segmentsFromLines, type PocketsphinxLine } from './pocketsphinx-output.js';
import type { SpeechRecognizer, TranscribeOptions, Transcript } from './types.js';

export const POCKETSPHINX_ENGINE_ID = 'pocketsphinx';
export const POCKETSPHINX_BINARY = 'pocketsphinx_continuous';
const {
  installHint: INSTALL_HINT,
  title: POCKETSPHINX_TITLE,
  quality: POCKETSPHINX_QUALITY,
} = engineRow('speech-recognition', 'pocketsphinx');
/** 16 kHz mono 16-bit: 32,000 bytes a second after a 44-byte header (extra chunks only blur the progress a little). */
const WAV_BYTES_PER_SECOND = 32_000;
/** One decoder per core (each is single-threaded), at most 4: each holds the model in memory (about 110 MB). */
const DECODERS = Math.min(4, os.availableParallelism());

export interface PocketsphinxModel {
  /** The acoustic model folder (`-hmm`). */
  acousticModel: string;
  languageModel: string;
  dictionary: string;
}

export interface PocketsphinxPaths {
  binary: string;
  model: PocketsphinxModel;
}

export interface PocketsphinxOptions {
  /** pocketsphinx_continuous; default DUBDESK_POCKETSPHINX, else PATH. */
  binary?: string;
  /** A folder laid out as Debian's /usr/share/pocketsphinx/model/en-us; default DUBDESK_POCKETSPHINX_MODEL, else the system's. */
  modelDir?: string;
  env?: NodeJS.ProcessEnv;
  /** How many decoders may run at once on one recording; default one per core, at most 4. */
  decoders?: number;
}

/** The en-us model in `dir` (en-us/, en-us.lm.bin, cmudict-en-us.dict) if all of it is there. */
function modelIn(dir: string): PocketsphinxModel | undefined {
  const model = {
    acousticModel: path.join(dir, 'en-us'),
    languageModel: path.join(dir, 'en-us.lm.bin'),
    dictionary: path.join(dir, 'cmudict-en-us.dict'),
  };
  return existsSync(path.join(model.acousticModel, 'mdef')) &&
    existsSync(model.languageModel) &&
    existsSync(model.dictionary)
    ? model
    : undefined;
}

/** The binary and the English model, or undefined if either is missing. */
export function findPocketsphinx(options: PocketsphinxOptions = {}): PocketsphinxPaths | undefined {
  const env = options.env ?? process.env;
  const binary = findExecutable(POCKETSPHINX_BINARY, options.binary ?? env.DUBDESK_POCKETSPHINX, env);
  if (!binary) return undefined;
  const configuredDir = options.modelDir ?? env.DUBDESK_POCKETSPHINX_MODEL;
  const dirs = configuredDir
    ? [configuredDir]
    : shareDirsFor(binary).map((share) => path.join(share, 'pocketsphinx', 'model', 'en-us'));
  for (const dir of dirs) {
    const model = modelIn(dir);
    if (model) return { binary, model };
  }
  return undefined;
}

export function pocketsphinxArguments(wavFile: string, model: PocketsphinxModel): string[] {
  // No -logfn: the log goes to stderr, where the ERROR lines explain a failure. At most 3000 active HMMs a frame
  // (default 30000) takes about half the CPU time and heard the LibriVox clips word for word as the default does.
  return [
    '-infile',
    wavFile,
    '-time',
    'yes',
    '-hmm',
    model.acousticModel,
    '-lm',
    model.languageModel,
    '-dict',
    model.dictionary,
    '-maxhmmpf',
    '3000',
  ];
}

/** Enough for progress; a file that cannot be read is left for pocketsphinx to report. */
function wavDurationMs(wavFile: string): number {
  try {
    return Math.max(1, ((statSync(wavFile).size - 44) / WAV_BYTES_PER_SECOND) * 1000);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

export function createPocketsphinxRecognizer(options: PocketsphinxOptions = {}): SpeechRecognizer {
  let found: PocketsphinxPaths | undefined | null = null;
  // Looked up once: the packages do not come and go while the service runs.
  const paths = (): PocketsphinxPaths | undefined => (found === null ? (found = findPocketsphinx(options)) : found);

  return {
    id: POCKETSPHINX_ENGINE_ID,
    title: POCKETSPHINX_TITLE,
    quality: POCKETSPHINX_QUALITY,
    expectation:
      'Gets many words wrong on real recordings (a quarter to a half of the words on public ' +
      'recordings we measured): proofread the transcript, or install a Whisper model.',
    isAvailable: () => paths() !== undefined,
    supports: (language) => language !== 'auto' && ['en', 'eng'].includes(languagePart(language)),

    // pocketsphinx_continuous finds the utterances itself; the regions only say where a long recording may be cut
    // for one decoder per core.
    async transcribe(wavFile: string, { regions, signal, onProgress }: TranscribeOptions): Promise<Transcript> {
      const installed = paths();
      if (!installed)
        throw new DubDeskError(
          'model_not_installed',
          `Transcribing English speech with PocketSphinx needs its system packages. ${INSTALL_HINT}`,
        );
      const layout = regions?.length ? readWavLayout(wavFile) : undefined;
      const durationMs = layout ? (layout.dataBytes / 2 / layout.sampleRate) * 1000 : wavDurationMs(wavFile);
      const chunks = layout && regions ? chunkAtPauses(durationMs, regions, options.decoders ?? DECODERS) : [];
      if (chunks.length < 2) {
        const lines = await decode(installed, wavFile, 0, signal, (reachedMs) =>
          onProgress?.(Math.min(0.99, reachedMs / durationMs)),
        );
        onProgress?.(1);
        return { language: 'en', segments: segmentsFromLines(lines) };
      }
      const chunkDir = await mkdtemp(path.join(os.tmpdir(), 'dubdesk-pocketsphinx-'));
      // One failed decoder stops the others.
      const stop = new AbortController();
      const reached = chunks.map(() => 0);
      try {
        const files = await Promise.all(
          chunks.map((chunk, index) => writeChunk(wavFile, layout!, chunk, path.join(chunkDir, `chunk-${index}.wav`))),
        );
        let failure: unknown;
        // Settled, not raced: every decoder has exited before its chunk file is removed.
        const decoded = await Promise.allSettled(
          chunks.map(async (chunk, index) => {
            try {
              return await decode(
                installed,
                files[index]!,
                chunk.startMs,
                AbortSignal.any([signal, stop.signal]),
                (reachedMs) => {
                  reached[index] = Math.max(reached[index]!, reachedMs - chunk.startMs);
                  onProgress?.(Math.min(0.99, reached.reduce((sum, ms) => sum + ms, 0) / durationMs));
                },
              );
            } catch (error) {
              failure ??= error;
              stop.abort(error);
              throw error;
            }
          }),
        );
        if (failure !== undefined) throw failure;
        onProgress?.(1);
        return {
          language: 'en',
          segments: segmentsFromLines(decoded.flatMap((result) => (result.status === 'fulfilled' ? result.value : []))),
        };
      } finally {
        await rm(chunkDir, { recursive: true, force: true });
      }
    },
  };
}

/** Samples `chunk` of the WAV as a WAV of its own, with the plain 44-byte header pocketsphinx_continuous expects. */
async function writeChunk(wavFile: string, layout: WavLayout, chunk: AudioChunk, chunkFile: string): Promise<string> {
  const sampleAt = (ms: number) => Math.min(layout.dataBytes / 2, Math.round((ms / 1000) * layout.sampleRate));
  const first = sampleAt(chunk.startMs);
  const count = sampleAt(chunk.endMs) - first;
  await writeFile(chunkFile, wavHeader(count, layout.sampleRate));
  if (count === 0) return chunkFile;
  // Streamed: a film's hour of speech is 115 MB of samples.
  const start = layout.dataOffset + first * 2;
  await pipeline(
    createReadStream(wavFile, { start, end: start + count * 2 - 1 }),
    createWriteStream(chunkFile, { flags: 'a' }),
  );
  return chunkFile;
}

/** One pocketsphinx_continuous over `wavFile`, its lines shifted by `offsetMs` (where the file starts in the recording). */
async function decode(
  installed: PocketsphinxPaths,
  wavFile: string,
  offsetMs: number,
  signal: AbortSignal,
  onReached: (ms: number) => void,
): Promise<PocketsphinxLine[]> {
  const lines: PocketsphinxLine[] = [];
  const errors: string[] = [];
  try {
    await runProcess(installed.binary, pocketsphinxArguments(wavFile, installed.model), {
      toolName: 'PocketSphinx',
      signal,
      onStdoutLine(text) {
        const parsed = parsePocketsphinxLine(text);
        if (!parsed) return;
        const line = shiftLine(parsed, offsetMs);
        lines.push(line);
        onReached(line.kind === 'word' ? line.word.endMs : line.kind === 'filler' ? line.endMs : line.startMs);
      },
      onStderrLine(text) {
        // 'FATAL: "continuous.c", line 157: Failed to open file ...': the sentence after the source location.
        const problem = /^(?:ERROR|FATAL): (?:"[^"]*", line \d+: )?(.*)$/.exec(text);
        if (problem) errors.push(problem[1]!);
      },
    });
  } catch (error) {
    if (!(error instanceof ProcessError)) throw error;
    const reason = errors.slice(-3).join(' ') || error.message;
    throw new DubDeskError('engine_failed', `PocketSphinx could not transcribe the speech: ${reason}`, {
      cause: error,
    });
  }
  return lines;
}

function shiftLine(line: PocketsphinxLine, offsetMs: number): PocketsphinxLine {
  if (offsetMs === 0) return line;
  if (line.kind === 'utterance-start') return { ...line, startMs: line.startMs + offsetMs };
  if (line.kind === 'filler') return { ...line, endMs: line.endMs + offsetMs };
  return { ...line, word: { ...line.word, startMs: line.word.startMs + offsetMs, endMs: line.word.endMs + offsetMs } };
}
