// Speech recognition speed and accuracy per engine of the engine set that can transcribe English: the LibriVox clips
// of Debian's pocketsphinx-testdata joined with pauses (about 30 s of read speech), as real-time factor (audio
// seconds per wall second) and word error rate against the clips' transcripts. PocketSphinx also runs bare
// (pocketsphinx_continuous with the same arguments) in the same run, for DubDesk's overhead over the tool.
// Run: npm run bench:asr [-- --repeat N --models DIR]   (N: the clips N times over; DIR: a data folder's models/)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findPocketsphinx, pocketsphinxArguments } from '../src/main/engines/asr/pocketsphinx.js';
import { wordErrorRate } from '../src/main/engines/asr/word-error-rate.js';
import { availableEngines } from '../src/main/engines/registry.js';
import { runProcess } from '../src/main/media/run-process.js';
import { makeMediaDir } from '../test/fixtures/media.js';
import { joinLibrivoxClips, librivoxClips, librivoxPresent, LIBRIVOX_DIR } from '../test/fixtures/system-engines.js';
import { openBenchEngines, seconds } from './bench-engines.js';
import { printRows } from './bench-service.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const note = (line: string) => process.stderr.write(`[bench:asr] ${line}\n`);

interface EngineResult {
  engine: string;
  wallMs: number;
  realTimeFactor: number;
  wer: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { repeat: { type: 'string' }, models: { type: 'string' } },
  });
  const repeat = Math.max(1, Number(values.repeat ?? 1));
  if (!librivoxPresent())
    throw new Error(`No LibriVox clips in ${LIBRIVOX_DIR}: install the Debian package pocketsphinx-testdata.`);
  const media = await makeMediaDir('dubdesk-bench-asr-');
  const bench = await openBenchEngines(values.models);
  try {
    note('joining the LibriVox clips into one 16 kHz WAV (not timed)');
    const clips = Array.from({ length: repeat }, () => librivoxClips()).flat();
    const speech = await joinLibrivoxClips(media.dir, { clips });
    const reference = speech.clips.map((clip) => clip.transcript).join(' ');
    const results: EngineResult[] = [];
    const rows: [string, string][] = [[`audio: ${clips.length} LibriVox clips`, seconds(speech.durationMs)]];

    const pocketsphinx = findPocketsphinx();
    let bareMs: number | undefined;
    if (pocketsphinx) {
      note('bare pocketsphinx_continuous');
      const start = performance.now();
      await runProcess(pocketsphinx.binary, pocketsphinxArguments(speech.wavFile, pocketsphinx.model), {
        toolName: 'pocketsphinx_continuous',
      });
      bareMs = performance.now() - start;
      rows.push([
        'bare pocketsphinx_continuous',
        `${seconds(bareMs)} = ${(speech.durationMs / bareMs).toFixed(2)}x real time`,
      ]);
    }

    // Engines with a fixed window (Whisper's 30 s) transcribe the VAD's regions, as the pipeline gives them (not timed).
    const vad = availableEngines(bench.engines.set.voiceActivityDetectors)[0];
    const regions = vad ? await vad.detect(speech.wavFile, { signal: new AbortController().signal }) : undefined;

    for (const engine of bench.engines.set.speechRecognizers) {
      if (!availableEngines([engine]).length || !engine.supports('en')) {
        rows.push([engine.title, 'not available here (or not English)']);
        continue;
      }
      note(engine.title);
      const start = performance.now();
      const transcript = await engine.transcribe(speech.wavFile, {
        language: 'en',
        regions,
        signal: new AbortController().signal,
      });
      const wallMs = performance.now() - start;
      const wer = wordErrorRate(reference, transcript.segments.map((segment) => segment.text).join(' '));
      results.push({ engine: engine.id, wallMs, realTimeFactor: speech.durationMs / wallMs, wer });
      rows.push([
        engine.title,
        `${seconds(wallMs)} = ${(speech.durationMs / wallMs).toFixed(2)}x real time, WER ${(wer * 100).toFixed(1)} %`,
      ]);
      if (engine.id === 'pocketsphinx' && bareMs)
        rows.push(['  ratio DubDesk / bare pocketsphinx_continuous', `${(wallMs / bareMs).toFixed(2)}x`]);
    }
    printRows(rows);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(
      path.join(RESULTS_DIR, `asr-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
      JSON.stringify({ audioMs: speech.durationMs, clips: clips.length, bareMs, results }, null, 2),
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
