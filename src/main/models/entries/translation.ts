// Machine translation: Bergamot (Firefox Translations) pairs to and from English.
import type { CatalogueEntry, ModelFile } from '../catalogue.js';
import { FIREFOX_TRANSLATIONS_SHA256 } from './translation-checksums.js';

const REPO = 'https://github.com/mozilla/firefox-translations-models';
const ENGINE = 'Bergamot (Firefox Translations)';

/** The catalogue id of a Bergamot pair: `bergamot-en-es`. */
export function bergamotModelId(source: string, target: string): string {
  return `bergamot-${source}-${target}`;
}

/** Language names for the titles (the pairs published for Firefox Translations that DubDesk lists). */
const NAMES: Record<string, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
  pl: 'Polish',
  ru: 'Russian',
  zh: 'Chinese',
  ja: 'Japanese',
};

interface PublishedPair {
  source: string;
  target: string;
  /** The folder under models/: base-memory where published, else tiny (faster, a little less accurate). */
  architecture: 'base-memory' | 'tiny';
  /** The .gz downloads together (their Git LFS pointers). */
  sizeBytes: number;
  /** English to Chinese and Japanese use a vocab per side. */
  splitVocab?: boolean;
}

// From the repository's tree (models/<architecture>/<pair>/, Git LFS): sizes are the published .gz files'.
const PAIRS: readonly PublishedPair[] = [
  { source: 'en', target: 'es', architecture: 'base-memory', sizeBytes: 25_373_354 },
  { source: 'es', target: 'en', architecture: 'base-memory', sizeBytes: 26_241_052 },
  { source: 'en', target: 'fr', architecture: 'base-memory', sizeBytes: 25_752_472 },
  { source: 'fr', target: 'en', architecture: 'base-memory', sizeBytes: 26_234_715 },
  { source: 'en', target: 'de', architecture: 'base-memory', sizeBytes: 25_720_702 },
  { source: 'de', target: 'en', architecture: 'base-memory', sizeBytes: 25_444_292 },
  { source: 'en', target: 'it', architecture: 'base-memory', sizeBytes: 26_509_835 },
  { source: 'it', target: 'en', architecture: 'base-memory', sizeBytes: 26_242_301 },
  { source: 'en', target: 'pt', architecture: 'base-memory', sizeBytes: 25_866_313 },
  { source: 'pt', target: 'en', architecture: 'base-memory', sizeBytes: 25_596_942 },
  { source: 'en', target: 'nl', architecture: 'base-memory', sizeBytes: 25_951_889 },
  { source: 'nl', target: 'en', architecture: 'base-memory', sizeBytes: 25_674_063 },
  { source: 'en', target: 'pl', architecture: 'base-memory', sizeBytes: 24_864_968 },
  { source: 'pl', target: 'en', architecture: 'base-memory', sizeBytes: 25_533_351 },
  { source: 'en', target: 'ru', architecture: 'base-memory', sizeBytes: 23_786_432 },
  { source: 'ru', target: 'en', architecture: 'tiny', sizeBytes: 14_995_467 },
  { source: 'en', target: 'zh', architecture: 'base-memory', sizeBytes: 37_746_549, splitVocab: true },
  { source: 'zh', target: 'en', architecture: 'base-memory', sizeBytes: 38_287_826 },
  { source: 'en', target: 'ja', architecture: 'base-memory', sizeBytes: 36_229_257, splitVocab: true },
  { source: 'ja', target: 'en', architecture: 'base-memory', sizeBytes: 38_143_661 },
];

function entryOf(pair: PublishedPair): CatalogueEntry {
  const code = `${pair.source}${pair.target}`;
  const folder = `${REPO}/raw/main/models/${pair.architecture}/${code}`;
  // Published gzipped; stored decompressed under the name without .gz.
  const file = (name: string): ModelFile => {
    const sha256 = FIREFOX_TRANSLATIONS_SHA256[`${pair.architecture}/${code}/${name}.gz`];
    return { name, url: `${folder}/${name}.gz`, compression: 'gz', ...(sha256 ? { sha256 } : {}) };
  };
  const vocabs = pair.splitVocab
    ? [file(`srcvocab.${code}.spm`), file(`trgvocab.${code}.spm`)]
    : [file(`vocab.${code}.spm`)];
  const from = NAMES[pair.source];
  const to = NAMES[pair.target];
  return {
    id: bergamotModelId(pair.source, pair.target),
    task: 'mt',
    title: `Firefox Translations ${from} to ${to}`,
    description:
      `Offline translation of subtitles and dubbing scripts from ${from} to ${to} (Mozilla's ` +
      `Bergamot model, ${pair.architecture}).`,
    license: 'MPL-2.0',
    sizeBytes: pair.sizeBytes,
    homepage: REPO,
    usedBy: ENGINE,
    files: [file(`model.${code}.intgemm.alphas.bin`), file(`lex.50.50.${code}.s2t.bin`), ...vocabs],
  };
}

export const TRANSLATION_MODELS: readonly CatalogueEntry[] = PAIRS.map(entryOf);

/** The built-in entry of a pair, for tests and the engine's messages; throws for a pair not published. */
export function bergamotEntry(source: string, target: string): CatalogueEntry {
  const entry = TRANSLATION_MODELS.find((candidate) => candidate.id === bergamotModelId(source, target));
  if (!entry) throw new Error(`No Bergamot model ${source}-${target} in the catalogue.`);
  return entry;
}
