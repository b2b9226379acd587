// A project's clip cache over real HTTP: forty edits with new 2,000-character texts leave the data folder about where
// it was (superseded takes are pruned, takes are FLAC), and the export after them reads every take it needs from what
// is left, speaking nothing again. Then the cache's own rules on real FLAC files: near-lossless, the cap, old takes.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudioPcm } from '../../src/main/media/audio.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { rms } from '../../src/main/media/dsp/envelope.js';
import { EXPORT_CLIP_USER, openClipCache, pruneClipCache, readClipUses } from '../../src/main/dubbing/clip-cache.js';
import { MAX_LINE_CHARACTERS } from '../../src/shared/schemas/projects.js';
import { openLineEvents, type LineEvents } from '../fixtures/line-events.js';
import { makeMediaDir } from '../fixtures/media.js';
import { makeProofreadingProject } from '../fixtures/proofreading-project.js';
import { startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';

const MB = 1024 * 1024;
const EDITS = 40;
const LINES = [
  { startMs: 500, endMs: 4500, text: 'Guten Morgen und willkommen.' },
  // Room for the longest text at the normal rate (about 105 s of eSpeak), so the export can speak it.
  { startMs: 5000, endMs: 150_000, text: 'Danke, schön hier zu sein.' },
  { startMs: 151_000, endMs: 155_000, text: 'Bis bald.' },
];

/** Bytes of every file under `dir`. */
async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** A new text at the line limit: the edit number first, so every text (and every take) differs. */
function longText(edit: number): string {
  const words = `Fassung ${edit}: ein langer Satz über das Wetter von morgen und übermorgen. `;
  return words
    .repeat(Math.ceil(MAX_LINE_CHARACTERS / words.length))
    .slice(0, MAX_LINE_CHARACTERS)
    .trim();
}

describe('a project edited forty times with long new texts', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let svc: TestService;
  let events: LineEvents;
  let projectId: string;

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-clip-cache-');
    svc = await startTestService();
    projectId = await makeProofreadingProject(svc.api, media.dir, { name: 'cache', durationSec: 160, lines: LINES });
    events = await openLineEvents(svc.url, TEST_API_KEY, projectId);
  }, 120_000);

  afterAll(async () => {
    events?.close();
    await svc?.stop();
    await media?.cleanup();
  });

  async function exportAudio(): Promise<{ audio: Float32Array; log: string; srt: string }> {
    const exported = await svc.api(`/v1/projects/${projectId}/export`, { body: { export_type: 'audio' } });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const task = await svc.waitForTask(exported.body.task_id, undefined, 240_000);
    expect(task.status, JSON.stringify(task)).toBe('done');
    const result = (await svc.api(`/v1/media/translate/${exported.body.task_id}`)).body.result;
    const file = path.join(media.dir, `${exported.body.task_id}.m4a`);
    await fs.writeFile(file, Buffer.from(await (await fetch(result.audio_url)).arrayBuffer()));
    const log = (await svc.api(`/v1/tasks/${exported.body.task_id}/log?limit=500`)).body.lines
      .map((line: any) => line.message)
      .join('\n');
    return {
      audio: await decodeAudioPcm(file, { sampleRate: 16_000 }),
      log,
      srt: await (await fetch(result.subtitle_url)).text(),
    };
  }

  it('keeps the data folder bounded, and the export after the edits reads every take it needs', async () => {
    const first = await exportAudio();
    const projectDir = path.join(svc.dataDir, 'projects', projectId);
    const dataBefore = await bytesUnder(svc.dataDir);
    const projectBefore = await bytesUnder(projectDir);

    let segment = (await svc.api(`/v1/projects/${projectId}`)).body.segments[1];
    let projectPeak = projectBefore;
    const started = Date.now();
    for (let edit = 0; edit < EDITS; edit++) {
      const edited = await svc.api(`/v1/projects/${projectId}/segments/${segment.segment_id}`, {
        method: 'PATCH',
        body: { revision: segment.revision, target_text: longText(edit) },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const spoken = await events.waitFor(edited.body.speech_id);
      expect(spoken.status, JSON.stringify(spoken)).toBe('spoken');
      segment = spoken.segment;
      projectPeak = Math.max(projectPeak, await bytesUnder(projectDir));
    }
    const editSeconds = (Date.now() - started) / 1000;
    const dataAfter = await bytesUnder(svc.dataDir);
    const projectAfter = await bytesUnder(projectDir);

    // What stays: the last export's takes, and the edited line's current one; every take is FLAC.
    const clipsDir = path.join(projectDir, 'clips');
    const takes = (await fs.readdir(clipsDir)).filter((name) => name.endsWith('.flac'));
    const exportTakes = (await readClipUses(clipsDir)).get(EXPORT_CLIP_USER)!;
    expect((await fs.readdir(clipsDir)).filter((name) => !name.endsWith('.flac'))).toEqual(['uses']);
    expect(takes.length).toBe(exportTakes.length + 1);
    const flacBytes = await bytesUnder(clipsDir);
    const floatBytes = takes.reduce((sum, name) => sum + Number(/-(\d+)\.flac$/u.exec(name)![1]) * 4, 0);
    console.log(
      `${EDITS} edits of ${MAX_LINE_CHARACTERS} characters in ${editSeconds.toFixed(1)} s: data folder ${(dataBefore / MB).toFixed(2)} -> ${(dataAfter / MB).toFixed(2)} MB, ` +
        `project folder ${(projectBefore / MB).toFixed(2)} -> ${(projectAfter / MB).toFixed(2)} MB (peak ${(projectPeak / MB).toFixed(2)} MB); ` +
        `${takes.length} takes, ${(flacBytes / MB).toFixed(2)} MB of FLAC for ${(floatBytes / MB).toFixed(2)} MB of float32 (${((100 * flacBytes) / floatBytes).toFixed(0)} %)`,
    );
    // One long take (about 105 s of speech) is a few MB; forty of them unpruned would be 100 MB and more.
    expect(projectPeak - projectBefore).toBeLessThan(12 * MB);
    expect(dataAfter - dataBefore).toBeLessThan(12 * MB);
    expect(flacBytes).toBeLessThan(floatBytes * 0.5);

    // The export speaks nothing again: the unchanged lines' takes (its own) and the edited line's are all there.
    const last = await exportAudio();
    expect(last.log).toContain("0 clips synthesized; the project's saved audio served the rest of 3 lines");
    expect(last.srt).toContain(longText(EDITS - 1).slice(0, 200));
    // The lines the edits did not touch are the same sound, but for the mix's new loudness gain (the long line changed
    // the whole's loudness): what is left after scaling the first export by that gain is little there, and much where
    // the edited line now speaks.
    const span = (audio: Float32Array, line: { startMs: number; endMs: number }) =>
      audio.subarray(line.startMs * 16, line.endMs * 16);
    const gain = rms(span(last.audio, LINES[0]!), 0, Infinity) / rms(span(first.audio, LINES[0]!), 0, Infinity);
    const leftOver = (line: { startMs: number; endMs: number }) => {
      const [now, before] = [span(last.audio, line), span(first.audio, line)];
      return (
        rms(
          now.map((value, i) => value - gain * before[i]!),
          0,
          Infinity,
        ) / rms(now, 0, Infinity)
      );
    };
    const edited = { startMs: 30_000, endMs: 100_000 };
    console.log(
      `mix gain ${gain.toFixed(3)}; left over after it: line 1 ${leftOver(LINES[0]!).toFixed(3)}, line 3 ${leftOver(LINES[2]!).toFixed(3)}, edited line ${leftOver(edited).toFixed(3)}`,
    );
    expect(leftOver(LINES[0]!)).toBeLessThan(0.15);
    expect(leftOver(LINES[2]!)).toBeLessThan(0.15);
    expect(leftOver(edited)).toBeGreaterThan(0.3);
  }, 600_000);
});

describe('the clip cache on disk', () => {
  let dir: string;
  const ffmpeg = resolveMediaTools().ffmpeg;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join((await makeMediaDir('dubdesk-clips-')).dir, 'clips-'));
  });
  afterAll(async () => {
    await fs.rm(path.dirname(dir), { recursive: true, force: true });
  });

  /** A second of a voiced-like sound, different per key. */
  const sound = (seed: number) =>
    Float32Array.from(
      { length: 22_050 },
      (_, i) => 0.3 * Math.sin(i * (0.03 + seed * 0.01)) * Math.sin(i * 0.0005) + 0.1 * Math.sin(i * 0.31),
    );
  const key = (n: number) => n.toString(16).padStart(32, '0');

  it('gives back the samples it kept, within 24-bit precision', async () => {
    const cache = await openClipCache(dir, { ffmpeg });
    const samples = sound(1);
    const saved = await cache.save(key(1), 7, samples, 22_050);
    expect(saved).toMatchObject({ index: 7, sampleRate: 22_050, length: samples.length });
    const found = (await openClipCache(dir, { ffmpeg })).find(key(1), 3)!;
    expect(found).toMatchObject({ index: 3, sampleRate: 22_050, length: samples.length });
    const back = await found.decode!();
    expect(back.length).toBe(samples.length);
    expect(back.reduce((worst, value, i) => Math.max(worst, Math.abs(value - samples[i]!)), 0)).toBeLessThan(1e-6);
  });

  it('drops the takes no user needs, then the least recently used past the cap, and what older versions left', async () => {
    await fs.writeFile(path.join(dir, `${key(9)}-22050.f32`), Buffer.alloc(4000));
    const exporting = await openClipCache(dir, { ffmpeg });
    for (const n of [2, 3]) await exporting.save(key(n), n, sound(n), 22_050);
    exporting.find(key(1), 1);
    await exporting.recordUse(EXPORT_CLIP_USER);
    const line = await openClipCache(dir, { ffmpeg });
    await line.save(key(4), 0, sound(4), 22_050);
    await line.recordUse('line-a');
    const stale = await openClipCache(dir, { ffmpeg });
    await stale.save(key(5), 0, sound(5), 22_050);
    await stale.recordUse('line-b');

    const names = async () =>
      (await fs.readdir(dir))
        .filter((name) => name !== 'uses')
        .map((name) => name.slice(0, 32))
        .sort();
    const kept = await pruneClipCache(dir, { users: new Set([EXPORT_CLIP_USER, 'line-a']), capBytes: 100 * MB });
    // line-b's take was superseded, the raw float32 take is an older version's.
    expect(await names()).toEqual([key(1), key(2), key(3), key(4)]);
    expect(kept.removed).toBe(1);
    expect([...(await readClipUses(dir)).keys()].sort()).toEqual([EXPORT_CLIP_USER, 'line-a']);

    // Over the cap, the takes used longest ago go first: key 4 was made last, key 1 found again after 2 and 3 were made.
    const sizes = new Map(
      await Promise.all(
        (await fs.readdir(dir))
          .filter((name) => name.endsWith('.flac'))
          .map(async (name) => [name.slice(0, 32), (await fs.stat(path.join(dir, name))).size] as const),
      ),
    );
    const capped = await pruneClipCache(dir, {
      users: new Set([EXPORT_CLIP_USER, 'line-a']),
      capBytes: sizes.get(key(4))! + sizes.get(key(1))!,
    });
    expect(await names()).toEqual([key(1), key(4)]);
    expect(capped).toEqual({ removed: 2, bytes: sizes.get(key(4))! + sizes.get(key(1))! });
  });
});
