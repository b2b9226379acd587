// PocketSphinx (CMU Sphinx), English only: the speech recognizer of a machine without models, from the OS packages
// (Debian/Ubuntu: pocketsphinx pocketsphinx-en-us). Draft quality: about 20-30 % of words wrong on clean read speech.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';
import { languagePart } from '../../../shared/languages.js';
import { ProcessError, runProcess } from '../../media/run-process.js';
import { findExecutable, shareDirsFor } from '../system-binary.js';
import { parsePocketsphinxLine, segmentsFromLines, type PocketsphinxLine } from './pocketsphinx-output.js';
import type { SpeechRecognizer, TranscribeOptions, Transcript } from './types.js';

export const POCKETSPHINX_ENGINE_ID = 'pocketsphinx';
export const POCKETSPHINX_BINARY = 'pocketsphinx_continuous';
const INSTALL_HINT = 'Install the system packages pocketsphinx and pocketsphinx-en-us (Debian/Ubuntu: apt-get install pocketsphinx pocketsphinx-en-us).';
/** 16 kHz mono 16-bit: 32,000 bytes a second after a 44-byte header (extra chunks only blur the progress a little). */
const WAV_BYTES_PER_SECOND = 32_000;

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
}

/** The en-us model in `dir` (en-us/, en-us.lm.bin, cmudict-en-us.dict) if all of it is there. */
function modelIn(dir: string): PocketsphinxModel | undefined {
  const model = { acousticModel: path.join(dir, 'en-us'), languageModel: path.join(dir, 'en-us.lm.bin'), dictionary: path.join(dir, 'cmudict-en-us.dict') };
  return existsSync(path.join(model.acousticModel, 'mdef')) && existsSync(model.languageModel) && existsSync(model.dictionary) ? model : undefined;
}

/** The binary and the English model, or undefined if either is missing. */
export function findPocketsphinx(options: PocketsphinxOptions = {}): PocketsphinxPaths | undefined {
  const env = options.env ?? process.env;
  const binary = findExecutable(POCKETSPHINX_BINARY, options.binary ?? env.DUBDESK_POCKETSPHINX, env);
  if (!binary) return undefined;
  const configuredDir = options.modelDir ?? env.DUBDESK_POCKETSPHINX_MODEL;
  const dirs = configuredDir ? [configuredDir] : shareDirsFor(binary).map((share) => path.join(share, 'pocketsphinx', 'model', 'en-us'));
  for (const dir of dirs) {
    const model = modelIn(dir);
    if (model) return { binary, model };
  }
  return undefined;
}

export function pocketsphinxArguments(wavFile: string, model: PocketsphinxModel): string[] {
  // No -logfn: the log goes to stderr, where the ERROR lines explain a failure.
  return ['-infile', wavFile, '-time', 'yes', '-hmm', model.acousticModel, '-lm', model.languageModel, '-dict', model.dictionary];
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
    title: 'PocketSphinx (English, draft)',
    quality: 'draft',
    isAvailable: () => paths() !== undefined,
    supports: (language) => language !== 'auto' && ['en', 'eng'].includes(languagePart(language)),

    // Regions are not used: pocketsphinx_continuous finds the utterances itself.
    async transcribe(wavFile: string, { signal, onProgress }: TranscribeOptions): Promise<Transcript> {
      const installed = paths();
      if (!installed) throw new DubDeskError('model_not_installed', `Transcribing English speech with PocketSphinx needs its system packages. ${INSTALL_HINT}`);
      const durationMs = wavDurationMs(wavFile);
      const lines: PocketsphinxLine[] = [];
      const errors: string[] = [];
      try {
        await runProcess(installed.binary, pocketsphinxArguments(wavFile, installed.model), {
          toolName: 'PocketSphinx',
          signal,
          onStdoutLine(text) {
            const line = parsePocketsphinxLine(text);
            if (!line) return;
            lines.push(line);
            const reachedMs = line.kind === 'word' ? line.word.endMs : line.kind === 'filler' ? line.endMs : line.startMs;
            onProgress?.(Math.min(0.99, reachedMs / durationMs));
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
        throw new DubDeskError('engine_failed', `PocketSphinx could not transcribe the speech: ${reason}`, { cause: error });
      }
      onProgress?.(1);
      return { language: 'en', segments: segmentsFromLines(lines) };
    },
  };
}
