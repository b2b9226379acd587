// Which translation directions the installed Apertium pair packages give, and how DubDesk's language codes name
// them: pairs use ISO 639-1 (en-gl, fr-es) or ISO 639-3 (eng-spa) codes, a few macro codes (hbs), and variants (spa-eng_US).
import { readdirSync } from 'node:fs';
import { findLanguage } from '../../../shared/languages.js';

export interface ApertiumPair {
  /** The mode name `apertium` takes: "eng-spa". */
  mode: string;
  source: string;
  target: string;
  /** A regional variant of one side ("US" in spa-eng_US); the plain pair is preferred. */
  variant?: string;
}

/** Apertium codes that cover DubDesk languages under another code. */
const MACRO_CODES: Record<string, string[]> = { hbs: ['hr', 'sr', 'bs'], nob: ['nb', 'no'], zlm: ['ms'] };

const SIDE = /^([a-z]{2,3})(?:_([A-Za-z]+))?$/;

/** A mode file name as a pair, or undefined for anything else (debug modes like eng-spa-tagger). */
export function parseModeName(mode: string): ApertiumPair | undefined {
  const sides = mode.split('-');
  if (sides.length !== 2) return undefined;
  const source = SIDE.exec(sides[0]!);
  const target = SIDE.exec(sides[1]!);
  if (!source || !target || (source[2] && target[2])) return undefined;
  return { mode, source: source[1]!, target: target[1]!, variant: source[2] ?? target[2] };
}

/** The pairs whose mode files are in `modesDir` (Apertium's data folder + /modes), plain ones first. */
export function listInstalledPairs(modesDir: string): ApertiumPair[] {
  let files: string[];
  try {
    files = readdirSync(modesDir);
  } catch {
    return [];
  }
  return files
    .filter((file) => file.endsWith('.mode'))
    .map((file) => parseModeName(file.slice(0, -'.mode'.length)))
    .filter((pair): pair is ApertiumPair => pair !== undefined)
    .sort((a, b) => Number(a.variant !== undefined) - Number(b.variant !== undefined) || a.mode.localeCompare(b.mode));
}

/** Whether an Apertium language code names the DubDesk language `code` ("spa" and "es" both name es). */
export function apertiumCodeMatches(apertiumCode: string, code: string): boolean {
  const language = findLanguage(code);
  if (!language) return false;
  return (
    apertiumCode === language.code ||
    apertiumCode === language.iso3 ||
    (MACRO_CODES[apertiumCode]?.includes(language.code) ?? false)
  );
}

/** The installed pair that translates `source` to `target` (DubDesk codes), if any. */
export function findPair(pairs: readonly ApertiumPair[], source: string, target: string): ApertiumPair | undefined {
  return pairs.find((pair) => apertiumCodeMatches(pair.source, source) && apertiumCodeMatches(pair.target, target));
}
