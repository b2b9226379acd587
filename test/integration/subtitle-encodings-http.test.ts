// Subtitle files as people have them, over POST /v1/media/translate: a Windows-1252 SRT, a UTF-16 SRT without cue
// numbers and a Shift-JIS SRT are accepted, the job log names each encoding, and the dubbed SRT carries the text intact.
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { encodeLegacy, encodeUnicodeWithBom } from '../fixtures/legacy-encodings.js';
import { makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio, type SpokenCue } from '../fixtures/speech.js';

let svc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };
let audioUrl: string;

const CUES: SpokenCue[] = [
  { startMs: 500, endMs: 2600, text: 'Good morning and welcome to the show.', speaker: 'Anna', voice: 'espeak:en+f2' },
  { startMs: 3400, endMs: 5600, text: 'Thank you, it is great to be here.', speaker: 'Ben', voice: 'espeak:en+m3' },
];
const timing = (i: number): string => `${formatSrtTime(CUES[i].startMs)} --> ${formatSrtTime(CUES[i].endMs)}`;

/** The SRT's text: with cue numbers or without, CRLF line ends like files made on Windows. */
const srtText = (lines: readonly string[], numbered: boolean): string =>
  lines.map((line, i) => [...(numbered ? [String(i + 1)] : []), timing(i), line].join('\r\n') + '\r\n').join('\r\n');

async function dub(name: string, bytes: Uint8Array, targetLanguage: string): Promise<{ srt: string; log: string }> {
  const subtitleUrl = pathToFileURL(await makeTextFile(media.dir, name, bytes)).href;
  // One speaker: the untagged lines would otherwise be told apart by voice, and speech lengths are compared below.
  const created = await svc.api('/v1/media/translate', {
    body: {
      media_type: 'audio',
      media_url: audioUrl,
      subtitle_url: subtitleUrl,
      subtitle_usage_type: 'final_translated',
      source_language: 'en',
      target_language: targetLanguage,
      export_type: 'auto',
      speaker_number: { max: 1 },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const task = await svc.waitForTask(created.body.task_id, undefined, 120_000);
  expect(task.status, JSON.stringify(task)).toBe('done');
  const result = (await svc.api(`/v1/media/translate/${created.body.task_id}`)).body.result;
  const response = await fetch(result.subtitle_url);
  expect(response.status).toBe(200);
  const log = (await svc.api(`/v1/tasks/${created.body.task_id}/log?limit=500`)).body.lines
    .map((line: { message: string }) => line.message)
    .join('\n');
  return { srt: new TextDecoder('utf-8', { fatal: true }).decode(await response.arrayBuffer()), log };
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-subencodings-');
  audioUrl = pathToFileURL((await makeSpokenAudio(media.dir, { cues: CUES, name: 'talk' })).audioPath).href;
  svc = await startTestService();
}, 60_000);

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

describe('subtitle files in other encodings, dubbed over HTTP', () => {
  it('accepts a Windows-1252 SRT, logs its encoding and a dropped empty cue, and keeps accents and styling in the dubbed SRT', async () => {
    const lines = ["{\\an8}L'été dernier, nous étions à la plage.", "<i>C'était très agréable, n'est-ce pas ?</i>"];
    // An empty zero-length cue between them, as some editors leave: players skip it, so DubDesk drops it and says so.
    const text = srtText(lines, true).replace('\r\n2\r\n', '\r\n7\r\n00:00:03,000 --> 00:00:03,000\r\n\r\n2\r\n');
    const { srt, log } = await dub('talk.fr.srt', encodeLegacy(text, 'windows-1252'), 'fr');
    expect(log).toContain('talk.fr.srt: encoding Windows-1252 (detected)');
    expect(log).toContain('Cue 7 (00:00:03,000 --> 00:00:03,000) was dropped: it has no text and no duration.');
    expect(srt).toContain("L'été dernier, nous étions à la plage.");
    expect(srt).toContain("<i>C'était très agréable, n'est-ce pas ?</i>");
    expect(srt.split('\n').filter((line) => line.includes(' --> '))).toHaveLength(2);
  }, 150_000);

  it("accepts a UTF-16 SRT without cue numbers and numbers the dubbed SRT's cues", async () => {
    const lines = ['Guten Morgen, schön, dass Sie da sind.', 'Danke, es ist großartig, hier zu sein.'];
    const { srt, log } = await dub('talk.de.srt', encodeUnicodeWithBom(srtText(lines, false), 'utf-16le'), 'de');
    expect(log).toContain('talk.de.srt: encoding UTF-16LE (detected)');
    expect(srt).toMatch(/^1\n00:00:00,500 --> /);
    expect(srt).toMatch(new RegExp(`\n2\n[0-9:,]+ --> [0-9:,]+\n${lines[1]}\n`));
    expect(srt).toContain(lines[0]);
  }, 150_000);

  it("speaks a cue's words only: position and styling tags take no speech time", async () => {
    const lines = ['{\\an8}<font color="#ffff00"><i>Bonjour à tous.</i></font>', 'Bonjour à tous.'];
    const { srt, log } = await dub('tags.fr.srt', new TextEncoder().encode(srtText(lines, true)), 'fr');
    expect(srt).toContain(lines[0]);
    const speech = [...log.matchAll(/cue (\d): ([\d.]+ s) of speech/g)].map((match) => match[2]);
    expect(speech).toHaveLength(2);
    expect(speech[0]).toBe(speech[1]);
  }, 150_000);

  it('accepts a Shift-JIS SRT and keeps its Japanese text intact in the dubbed SRT', async () => {
    const lines = ['おはようございます。番組へようこそ。', 'ありがとう、ここに来られてうれしいです。'];
    const { srt, log } = await dub('talk.ja.srt', encodeLegacy(srtText(lines, true), 'shift_jis'), 'ja');
    expect(log).toContain('talk.ja.srt: encoding Shift_JIS (detected)');
    for (const line of lines) expect(srt).toContain(line);
  }, 150_000);
});
