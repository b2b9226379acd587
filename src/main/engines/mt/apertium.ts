// Apertium, rule-based translation from the OS packages (Debian/Ubuntu: apertium plus a pair such as
// apertium-eng-spa): the translator of a machine without models, for the pairs installed. Draft quality.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';
import { ProcessError, runProcess } from '../../media/run-process.js';
import { findExecutable, shareDirsFor } from '../system-binary.js';
import { findPair, listInstalledPairs, type ApertiumPair } from './apertium-pairs.js';
import { protectTerms, tokenPlaceholders } from './glossary-placeholders.js';
import type { TranslationRequest, Translator } from './types.js';
import { engineRow } from '../capability-table.js';

/** The capability table's row: this engine's title, quality and install hint. */
const ROW = engineRow('translation', 'apertium');

export const APERTIUM_ENGINE_ID = 'apertium';

export interface ApertiumOptions {
  /** The `apertium` command; default DUBDESK_APERTIUM, else PATH. */
  binary?: string;
  /** Apertium's data folder (with modes/); default APERTIUM_DATADIR, else share/apertium beside the binary. */
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
}

export interface ApertiumInstall {
  binary: string;
  dataDir: string;
  pairs: ApertiumPair[];
}

/** The command, its data folder and the pairs installed there; undefined without the command or any pair. */
export function findApertium(options: ApertiumOptions = {}): ApertiumInstall | undefined {
  const env = options.env ?? process.env;
  const binary = findExecutable('apertium', options.binary ?? env.DUBDESK_APERTIUM, env);
  if (!binary) return undefined;
  const configured = options.dataDir ?? env.APERTIUM_DATADIR;
  const dataDirs = configured ? [configured] : shareDirsFor(binary).map((share) => path.join(share, 'apertium'));
  for (const dataDir of dataDirs) {
    const pairs = listInstalledPairs(path.join(dataDir, 'modes'));
    if (pairs.length > 0) return { binary, dataDir, pairs };
  }
  return undefined;
}

/** One line per text: a line break inside a text would split it into two lines, so it is read as a space. */
function asOneLine(text: string): string {
  return text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ').trim();
}

export function createApertiumTranslator(options: ApertiumOptions = {}): Translator {
  let found: ApertiumInstall | undefined | null = null;
  // Looked up once: pair packages installed while the service runs show up after a restart.
  const install = (): ApertiumInstall | undefined => (found === null ? (found = findApertium(options)) : found);
  const pairFor = (source: string, target: string): ApertiumPair | undefined => {
    const installed = install();
    return installed ? findPair(installed.pairs, source, target) : undefined;
  };

  return {
    id: APERTIUM_ENGINE_ID,
    title: ROW.title,
    quality: ROW.quality,
    expectation:
      'Rule-based, close to word for word: meaning often survives, phrasing rarely does ("Turn ' +
      'left" can come out as "El turno dejó"); proofread the translation, or install a ' +
      'translation model.',
    isAvailable: () => install() !== undefined,
    supports: (source, target) => pairFor(source, target) !== undefined,

    async translate({
      texts,
      sourceLanguage,
      targetLanguage,
      glossary,
      signal,
      onProgress,
    }: TranslationRequest): Promise<string[]> {
      const installed = install();
      const pair = pairFor(sourceLanguage, targetLanguage);
      if (!installed || !pair) {
        throw new DubDeskError(
          'model_not_installed',
          `Apertium has no ${sourceLanguage}-${targetLanguage} pair installed. ${ROW.installHint}`,
        );
      }
      const lines = texts.map(asOneLine);
      if (lines.every((line) => line === '')) return lines;
      const scheme = tokenPlaceholders(lines);
      const protectedLines = lines.map((line) => protectTerms(line, glossary, scheme));
      const dir = await mkdtemp(path.join(os.tmpdir(), 'dubdesk-apertium-'));
      try {
        const input = path.join(dir, 'in.txt');
        const output = path.join(dir, 'out.txt');
        // A blank line between texts is a paragraph end to Apertium: across a single line break its transfer rules
        // would move words from one subtitle line into the next ("I have a big / dog" -> "yo tiene un perro / grande").
        const spoken = lines.flatMap((line, index) => (line === '' ? [] : [index]));
        await writeFile(input, `${spoken.map((index) => protectedLines[index].text).join('\n\n')}\n`, 'utf8');
        // Files, not stdin: the apertium script reads /dev/stdin, which fails on Node's socket stdio. -u drops the
        // unknown-word marks (*, #, @). The bash script's pipeline finishes its short input even if the script is killed.
        await runProcess(installed.binary, ['-u', '-d', installed.dataDir, '-f', 'txt', pair.mode, input, output], {
          toolName: 'Apertium',
          signal,
        });
        const translated = (await readFile(output, 'utf8')).replace(/\n$/, '').split('\n\n');
        if (translated.length !== spoken.length) {
          throw new DubDeskError(
            'engine_failed',
            `Apertium (${pair.mode}) returned ${translated.length} lines for ${spoken.length}.`,
          );
        }
        onProgress?.(1);
        // An input line that was empty stays empty (Apertium may leave a space where it dropped a pronoun).
        const out = lines.map(() => '');
        spoken.forEach((index, k) => {
          out[index] = protectedLines[index].restore(translated[k]!).trim();
        });
        return out;
      } catch (error) {
        if (error instanceof ProcessError)
          throw new DubDeskError('engine_failed', `Apertium (${pair.mode}) failed: ${error.message}`, { cause: error });
        throw error;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
