// Translation speed per engine of the engine set that translates English to Spanish: lines per second on generated
// subtitle-like sentences, all lines in one call (as the translate stage does) and one call per line (the cost of
// starting a call). Apertium also runs bare (`apertium -u eng-spa in out` on the same file) in the same run, for
// DubDesk's overhead over the tool.
// Run: npm run bench:mt [-- --lines N --single M --models DIR]   (default 500 lines, 20 of them one by one)
import { mkdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findApertium } from '../src/main/engines/mt/apertium.js';
import type { Translator } from '../src/main/engines/mt/types.js';
import { availableEngines } from '../src/main/engines/registry.js';
import { runProcess } from '../src/main/media/run-process.js';
import { makeMediaDir } from '../test/fixtures/media.js';
import { openBenchEngines, seconds } from './bench-engines.js';
import { printRows } from './bench-service.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const note = (line: string) => process.stderr.write(`[bench:mt] ${line}\n`);
const SOURCE = 'en';
const TARGET = 'es';

const SUBJECTS = [
  'The old man',
  'My sister',
  'The teacher',
  'Our neighbour',
  'The young doctor',
  'Your friend',
  'The children',
  'A tired driver',
];
const VERBS = ['opens', 'finds', 'paints', 'sells', 'remembers', 'carries', 'watches', 'closes', 'buys', 'describes'];
const OBJECTS = [
  'the red door',
  'a small house',
  'the letter',
  'three apples',
  'the blue car',
  'an old book',
  'the garden',
  'the window',
];
const ENDINGS = [
  'every morning.',
  'before dinner.',
  'in the rain.',
  'with great care.',
  'after the meeting.',
  'near the station.',
  '.',
];

/** Deterministic subtitle-like sentences, no two neighbours alike. */
function benchSentences(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const ending = ENDINGS[(i * 5) % ENDINGS.length]!;
    return `${SUBJECTS[i % SUBJECTS.length]} ${VERBS[(i * 3) % VERBS.length]} ${OBJECTS[(i * 7) % OBJECTS.length]}${ending === '.' ? '.' : ` ${ending}`}`;
  });
}

interface EngineResult {
  engine: string;
  batchedMs: number;
  batchedLinesPerSecond: number;
  singleMs: number;
  singleLinesPerSecond: number;
}

function translate(engine: Translator, texts: string[]): Promise<string[]> {
  return engine.translate({
    texts,
    sourceLanguage: SOURCE,
    targetLanguage: TARGET,
    glossary: [],
    signal: new AbortController().signal,
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { lines: { type: 'string' }, single: { type: 'string' }, models: { type: 'string' } },
  });
  const lineCount = Math.max(1, Number(values.lines ?? 500));
  const singleCount = Math.min(lineCount, Math.max(1, Number(values.single ?? 20)));
  const lines = benchSentences(lineCount);
  const media = await makeMediaDir('dubdesk-bench-mt-');
  const bench = await openBenchEngines(values.models);
  try {
    const rows: [string, string][] = [
      [`${lineCount} generated English lines, ${SOURCE} -> ${TARGET}`, `${singleCount} of them also one call each`],
    ];
    const results: EngineResult[] = [];

    const apertium = findApertium();
    const pair = apertium?.pairs.find((candidate) => candidate.mode === 'eng-spa');
    let bareMs: number | undefined;
    if (apertium && pair) {
      note('bare apertium on the same lines');
      const input = path.join(media.dir, 'in.txt');
      await writeFile(input, `${lines.join('\n')}\n`);
      const start = performance.now();
      await runProcess(
        apertium.binary,
        ['-u', '-d', apertium.dataDir, '-f', 'txt', pair.mode, input, path.join(media.dir, 'out.txt')],
        { toolName: 'apertium' },
      );
      bareMs = performance.now() - start;
      rows.push([
        'bare apertium -u eng-spa (one call)',
        `${seconds(bareMs)} = ${(lineCount / (bareMs / 1000)).toFixed(0)} lines/s`,
      ]);
    }

    for (const engine of bench.engines.set.translators) {
      if (!availableEngines([engine]).length || !engine.supports(SOURCE, TARGET)) {
        rows.push([engine.title, `not available here (or no ${SOURCE}-${TARGET})`]);
        continue;
      }
      note(`${engine.title}: batched`);
      let start = performance.now();
      const translated = await translate(engine, lines);
      const batchedMs = performance.now() - start;
      if (translated.length !== lines.length)
        throw new Error(`${engine.title} returned ${translated.length} lines for ${lines.length}`);
      note(`${engine.title}: one by one`);
      start = performance.now();
      for (const line of lines.slice(0, singleCount)) await translate(engine, [line]);
      const singleMs = performance.now() - start;
      const result = {
        engine: engine.id,
        batchedMs,
        batchedLinesPerSecond: lineCount / (batchedMs / 1000),
        singleMs,
        singleLinesPerSecond: singleCount / (singleMs / 1000),
      };
      results.push(result);
      rows.push(
        [
          `${engine.title}, all lines in one call`,
          `${seconds(batchedMs)} = ${result.batchedLinesPerSecond.toFixed(0)} lines/s`,
        ],
        [
          `${engine.title}, one call per line`,
          `${seconds(singleMs)} = ${result.singleLinesPerSecond.toFixed(1)} lines/s`,
        ],
        [
          '  ratio one call per line / all in one call (time per line)',
          `${(result.batchedLinesPerSecond / result.singleLinesPerSecond).toFixed(1)}x`,
        ],
        ['  sample', `${lines[1]} -> ${translated[1]}`],
      );
      if (engine.id === 'apertium' && bareMs)
        rows.push(['  ratio DubDesk / bare apertium (one call)', `${(batchedMs / bareMs).toFixed(2)}x`]);
    }
    printRows(rows);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(
      path.join(RESULTS_DIR, `mt-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
      JSON.stringify({ lines: lineCount, single: singleCount, bareMs, results }, null, 2),
    );
  } finally {
    await bench.close();
    await media.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
