// Re-exporting a project after one edit, against its first export, measured in the same run: a proofreading
// translate job on a generated 720p video with spoken cues, exported once (every line spoken, mixed, exported), then
// one line edited and exported again (that line spoken, the mix and the export). Goal: ratio at most 0.3.
// Run: npm run bench:reexport [-- --minutes M --cues N --burn]   (defaults 5 and 75; --burn: subtitles burned in)
//      npm run bench:reexport -- --visual [--seconds S]   a visual translate project (720p, default 120 s, a subtitle every 4 s)
import { mkdirSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { formatSrtTime } from '../src/main/media/srt.js';
import { makeMediaDir } from '../test/fixtures/media.js';
import { makeSpokenVideo, type SpokenCue } from '../test/fixtures/speech.js';
import { printRows, stageTimes, startBenchService } from './bench-service.js';
import { makeBenchVideo } from './visual-video.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const ENGLISH = [
  'Welcome back to the channel.',
  'Today we look at three simple ideas.',
  'The first one is about time.',
  'Let me show you how it works.',
  'This part matters most.',
  'Thank you for watching.',
];
const GERMAN = [
  'Willkommen zurück auf dem Kanal.',
  'Heute sehen wir uns drei einfache Ideen an.',
  'Die erste handelt von Zeit.',
  'Ich zeige Ihnen, wie es funktioniert.',
  'Dieser Teil ist am wichtigsten.',
  'Danke fürs Zuschauen.',
];
const API_KEY = 'dd_bench_key_0123456789abcdefghijkl';

const note = (line: string) => process.stderr.write(`[bench:reexport] ${line}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      minutes: { type: 'string' },
      cues: { type: 'string' },
      burn: { type: 'boolean' },
      visual: { type: 'boolean' },
      seconds: { type: 'string' },
    },
  });
  if (values.visual) return benchVisual(Number(values.seconds ?? 120));
  const minutes = Number(values.minutes ?? 5);
  const cueCount = Number(values.cues ?? 75);
  const durationMs = minutes * 60_000;
  const slot = durationMs / cueCount;
  const cues: SpokenCue[] = Array.from({ length: cueCount }, (_, i) => ({
    startMs: Math.round(i * slot + 300),
    endMs: Math.round(i * slot + slot * 0.8),
    text: ENGLISH[i % ENGLISH.length]!,
    speaker: i % 2 ? 'Ben' : 'Anna',
    voice: i % 2 ? 'espeak:en+m3' : 'espeak:en+f2',
  }));
  const media = await makeMediaDir('dubdesk-bench-reexport-');
  try {
    note(`generating a ${minutes}-minute 1280x720 video with ${cueCount} spoken cues (not timed)`);
    const { videoPath } = await makeSpokenVideo(media.dir, {
      cues,
      width: 1280,
      height: 720,
      fps: 25,
      durationSec: durationMs / 1000,
      name: 'bench',
    });
    const srtPath = path.join(media.dir, 'bench.de.srt');
    await fs.writeFile(
      srtPath,
      cues
        .map(
          (cue, i) =>
            `${i + 1}\n${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}\n<v ${cue.speaker}>${GERMAN[i % GERMAN.length]}\n`,
        )
        .join('\n'),
    );

    const bench = await startBenchService(path.join(media.dir, 'data'));
    const api = benchApi(bench.service.url);
    const exportOnce = (projectId: string) => exportProject(api, projectId);
    try {
      note('running the proofreading job (not timed)');
      const job = await bench.runJob('/v1/media/translate', {
        media_type: 'video',
        media_url: pathToFileURL(videoPath).href,
        subtitle_url: pathToFileURL(srtPath).href,
        subtitle_usage_type: 'final_translated',
        source_language: 'en',
        target_language: 'de',
        export_type: 'video',
        subtitle_mode: values.burn ? 'add' : 'none',
        enable_proofreading: true,
      });
      if (job.task.status !== 'done')
        throw new Error(`the job ended ${job.task.status}: ${job.task.err_code} ${job.task.err_message}`);
      const projectId = (
        (await api(`/v1/projects?task_id=${job.task.task_id}`)).projects as { project_id: string }[]
      )[0]!.project_id;

      note('first export');
      const first = await exportOnce(projectId);
      const project = await api(`/v1/projects/${projectId}`);
      const line = project.segments[Math.floor(project.segments.length / 2)];
      // The edit is saved (and its fit measured) before the clock starts: re-export is what is timed.
      await api(`/v1/projects/${projectId}/segments/${line.segment_id}`, {
        method: 'PATCH',
        body: { revision: line.revision, target_text: 'Das ist jetzt ein anderer Satz.' },
      });
      note('re-export after one edit');
      const again = await exportOnce(projectId);
      const ratio = again.wallMs / first.wallMs;
      const spoken = again.log.find((message) => message.includes('clips synthesized')) ?? '';
      const rows: Array<[string, string]> = [
        [
          `first export (${cueCount} lines, ${values.burn ? 'subtitles burned in' : 'video copied'})`,
          `${(first.wallMs / 1000).toFixed(2)} s`,
        ],
        ...Object.entries(first.stageMs).map(([stage, ms]): [string, string] => [
          `  stage ${stage}`,
          `${(ms / 1000).toFixed(2)} s`,
        ]),
        ['re-export after one edited line', `${(again.wallMs / 1000).toFixed(2)} s`],
        ...Object.entries(again.stageMs).map(([stage, ms]): [string, string] => [
          `  stage ${stage}`,
          `${(ms / 1000).toFixed(2)} s`,
        ]),
        ['  synthesis', spoken],
        ['ratio re-export / first export (goal <= 0.3)', `${ratio.toFixed(2)}x`],
      ];
      printRows(rows);
      mkdirSync(RESULTS_DIR, { recursive: true });
      writeFileSync(
        path.join(RESULTS_DIR, `reexport-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
        JSON.stringify(
          {
            minutes,
            cueCount,
            burn: Boolean(values.burn),
            first,
            again: { wallMs: again.wallMs, stageMs: again.stageMs },
            ratio,
          },
          null,
          2,
        ),
      );
    } finally {
      await bench.close();
    }
  } finally {
    await media.cleanup();
  }
}

/** The same measure for a visual translate project: the render is what an export does, and what chunks save. */
async function benchVisual(seconds: number): Promise<void> {
  const media = await makeMediaDir('dubdesk-bench-reexport-visual-');
  try {
    note(`generating a ${seconds} s 1280x720 video with on-screen English (not timed)`);
    const { file } = await makeBenchVideo(media.dir, seconds);
    const bench = await startBenchService(path.join(media.dir, 'data'));
    try {
      const api = benchApi(bench.service.url);
      note('running the visual translate job with an editable project (not timed)');
      const job = await bench.runJob('/v1/media/frame_translate', {
        video_url: pathToFileURL(file).href,
        source_language: 'en',
        target_language: 'es',
        project_mode: 'editable',
      });
      if (job.task.status !== 'done')
        throw new Error(`the job ended ${job.task.status}: ${job.task.err_code} ${job.task.err_message}`);
      const projectId = (
        (await api(`/v1/projects?task_id=${job.task.task_id}`)).projects as { project_id: string }[]
      )[0]!.project_id;
      note('first export');
      const first = await exportProject(api, projectId);
      const project = await api(`/v1/projects/${projectId}`);
      const line = project.segments[Math.floor(project.segments.length / 2)];
      await api(`/v1/projects/${projectId}/segments/${line.segment_id}`, {
        method: 'PATCH',
        body: { revision: line.revision, target_text: 'Un texto corregido' },
      });
      note('re-export after one edit');
      const again = await exportProject(api, projectId);
      const ratio = again.wallMs / first.wallMs;
      printRows([
        [`first export (${project.segments.length} texts over ${seconds} s)`, `${(first.wallMs / 1000).toFixed(2)} s`],
        ['re-export after one edited text', `${(again.wallMs / 1000).toFixed(2)} s`],
        ['  chunks', again.log.find((message) => message.startsWith('video rendered in')) ?? ''],
        ['ratio re-export / first export (goal <= 0.3)', `${ratio.toFixed(2)}x`],
      ]);
      mkdirSync(RESULTS_DIR, { recursive: true });
      writeFileSync(
        path.join(RESULTS_DIR, `reexport-visual-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
        JSON.stringify({ seconds, first: first.wallMs, again: again.wallMs, ratio }, null, 2),
      );
    } finally {
      await bench.close();
    }
  } finally {
    await media.cleanup();
  }
}

type BenchApi = (pathname: string, init?: { method?: string; body?: unknown }) => Promise<any>;

function benchApi(url: string): BenchApi {
  return async (pathname, init = {}) => {
    const response = await fetch(`${url}${pathname}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return response.json();
  };
}

/** Exports the project and waits for the new task: its time from the export call to done, its stage times and log. */
async function exportProject(api: BenchApi, projectId: string) {
  const started = performance.now();
  const { task_id: taskId } = await api(`/v1/projects/${projectId}/export`, { body: {} });
  let task: { status: string; err_code?: string; err_message?: string };
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    task = await api(`/v1/tasks/${taskId}`);
  } while (!['done', 'failed', 'cancelled'].includes(task.status));
  const wallMs = performance.now() - started;
  if (task.status !== 'done') throw new Error(`the export ended ${task.status}: ${task.err_code} ${task.err_message}`);
  const lines = (await api(`/v1/tasks/${taskId}/log?limit=5000`)).lines as { ts: string; message: string }[];
  return { wallMs, stageMs: stageTimes(lines), log: lines.map((line) => line.message) };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
