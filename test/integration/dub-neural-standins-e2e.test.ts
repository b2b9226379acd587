// One whole translate job through the neural engines, run by sherpa-onnx on stand-in models built by code and
// installed by import through the model API: Whisper (its decoder always writes "Good morning, my friends." and hears
// English), the pyannote/embedding pair (each tone is a speaker) and a Piper voice (Spanish, phonemized by eSpeak NG,
// each phoneme a tone). The video's two speakers take turns, each over a tone of their own; no subtitles, the
// source language is found by language ID, Apertium translates, no voice is chosen. What the user gets is checked:
// the SRT and VTT, the task log and the dubbed audio.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { decodeAudioPcm, encodeWav } from '../../src/main/media/audio.js';
import { resample } from '../../src/main/media/dsp/resample.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { parseSrt } from '../../src/main/media/srt.js';
import {
  PYANNOTE_SEGMENTATION_FILE,
  PYANNOTE_SEGMENTATION_MODEL,
  SPEAKER_EMBEDDING_FILE,
  SPEAKER_EMBEDDING_MODEL,
} from '../../src/main/models/entries/speakers.js';
import { piperModelId } from '../../src/main/models/entries/voices.js';
import { makeMediaDir } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import {
  DEBIAN_ESPEAK_DATA,
  writeDiarizationStandins,
  writePiperEspeakStandin,
} from '../fixtures/sherpa-standins-voices.js';
import { writeWhisperStandin } from '../fixtures/sherpa-standins.js';
import { renderSpokenTrack } from '../fixtures/speech.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';

const missing = systemEngineMissing(
  "Apertium eng-spa and Debian's eSpeak NG data (espeak-ng-data)",
  (findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false) && existsSync(DEBIAN_ESPEAK_DATA),
);

const RATE = 16_000;
const DURATION_SEC = 16;
/** A man over a 120 Hz tone and a woman over a 1500 Hz tone take turns (eSpeak says the words Silero hears as speech). */
const TURNS = [
  { startMs: 500, endMs: 3000, text: 'Good morning and welcome to the show.', voice: 'espeak:en+m3', toneHz: 120 },
  { startMs: 4500, endMs: 7000, text: 'Thank you, it is great to be here.', voice: 'espeak:en+f2', toneHz: 1500 },
  { startMs: 8500, endMs: 11_000, text: 'Let us talk about the weather today.', voice: 'espeak:en+m3', toneHz: 120 },
  { startMs: 12_500, endMs: 15_000, text: 'It is sunny and warm outside.', voice: 'espeak:en+f2', toneHz: 1500 },
] as const;
const TONE_AMPLITUDE = 0.4;
/** What the Whisper stand-in writes for every stretch, and where in it (seconds from the stretch's start). */
const WHISPER_PIECES = ['Good', ' morning', ',', ' my', ' friends', '.'];
const SAYS = { startSec: 0.2, endSec: 1.6 };
/** Apertium's Spanish for it. */
const SPANISH = 'Buenos días, mis amigos.';
/** A male Spanish Piper voice of the catalogue: the stand-in is imported as it. */
const PIPER_VOICE = 'es_ES-davefx-medium';

/** The turns' speech with each speaker's tone under it, as a 16 kHz mono track. */
async function renderTurns(): Promise<{ samples: Float32Array; spoken: { startMs: number; endMs: number }[] }> {
  const track = await renderSpokenTrack({ cues: TURNS, durationSec: DURATION_SEC, background: 'silence' });
  const samples = resample(track.samples, track.sampleRate, RATE);
  for (const turn of TURNS) {
    for (let i = Math.round((turn.startMs / 1000) * RATE); i < Math.round((turn.endMs / 1000) * RATE); i++) {
      samples[i]! += TONE_AMPLITUDE * Math.sin((2 * Math.PI * turn.toneHz * i) / RATE);
    }
  }
  return { samples, spoken: track.spoken };
}

/** The strongest frequency (1 Hz steps, Hann window) between 150 and 2200 Hz: a pure tone's pitch within a hertz or two. */
function peakHz(frame: Float32Array): number {
  const windowed = frame.map((value, i) => value * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (frame.length - 1))));
  let best = 0;
  let bestPower = -1;
  for (let hz = 150; hz <= 2200; hz++) {
    let re = 0;
    let im = 0;
    const step = (2 * Math.PI * hz) / RATE;
    for (let i = 0; i < windowed.length; i++) {
      re += windowed[i]! * Math.cos(step * i);
      im += windowed[i]! * Math.sin(step * i);
    }
    const power = re * re + im * im;
    if (power > bestPower) [best, bestPower] = [hz, power];
  }
  return best;
}

/** The pitch of each sounding frame of `frameSec`. */
function tonesOf(samples: Float32Array, frameSec: number): number[] {
  const size = Math.round(frameSec * RATE);
  const tones: number[] = [];
  for (let start = 0; start + size <= samples.length; start += size) {
    const frame = samples.subarray(start, start + size);
    if (rms(frame) > 0.05) tones.push(peakHz(frame));
  }
  return tones;
}

function rms(samples: Float32Array): number {
  return Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / Math.max(1, samples.length));
}

describe.skipIf(missing)(
  'a whole translate job through the neural stand-ins (Whisper, pyannote + embeddings, Piper)',
  () => {
    let media: Awaited<ReturnType<typeof makeMediaDir>>;
    let svc: TestService;
    let spoken: { startMs: number; endMs: number }[];
    let task: any;
    let status: any;
    let log: string;

    async function importModel(id: string, sourcePath: string): Promise<void> {
      const imported = await svc.api('/v1/models', { body: { id, source_path: sourcePath } });
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    }

    beforeAll(async () => {
      media = await makeMediaDir('dubdesk-neural-standins-');
      const turns = await renderTurns();
      spoken = turns.spoken;
      const wavPath = path.join(media.dir, 'talk.wav');
      await fs.writeFile(wavPath, encodeWav(turns.samples, RATE));
      const videoPath = path.join(media.dir, 'talk.mp4');
      await runProcess(
        resolveMediaTools().ffmpeg,
        [
          '-hide_banner',
          '-nostdin',
          '-loglevel',
          'error',
          '-y',
          '-f',
          'lavfi',
          '-i',
          `testsrc2=size=320x240:rate=25:duration=${DURATION_SEC}`,
          '-i',
          wavPath,
          '-map',
          '0:v',
          '-map',
          '1:a',
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-pix_fmt',
          'yuv420p',
          '-c:a',
          'aac',
          '-b:a',
          '96k',
          '-ar',
          '44100',
          '-shortest',
          videoPath,
        ],
        { toolName: 'ffmpeg' },
      );

      svc = await startTestService();
      const whisper = writeWhisperStandin(path.join(media.dir, 'whisper'), {
        prefix: 'tiny',
        language: 'en',
        pieces: WHISPER_PIECES,
        segment: SAYS,
      });
      await importModel('whisper-tiny', whisper.dir);
      const pair = writeDiarizationStandins(path.join(media.dir, 'speakers'), {
        segmentation: PYANNOTE_SEGMENTATION_FILE,
        embedding: SPEAKER_EMBEDDING_FILE,
      });
      await importModel(PYANNOTE_SEGMENTATION_MODEL, pair.segmentation);
      await importModel(SPEAKER_EMBEDDING_MODEL, pair.embedding);
      await importModel(piperModelId(PIPER_VOICE), writePiperEspeakStandin(path.join(media.dir, 'voice'), PIPER_VOICE));

      const created = await svc.api('/v1/media/translate', {
        body: {
          media_type: 'video',
          media_url: pathToFileURL(videoPath).href,
          source_language: 'auto',
          target_language: 'es',
          export_type: 'all',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      task = await svc.waitForTask(created.body.task_id, undefined, 240_000);
      status = (await svc.api(`/v1/media/translate/${created.body.task_id}`)).body;
      log = (await svc.api(`/v1/tasks/${created.body.task_id}/log?limit=500`)).body.lines
        .map((line: { message: string }) => line.message)
        .join('\n');
      await fs.mkdir('test-artifacts', { recursive: true });
      await fs.writeFile('test-artifacts/dub-neural-standins-log.txt', log);
    }, 300_000);

    afterAll(async () => {
      await svc?.stop();
      await media?.cleanup();
    });

    it('is done, every stage of the no-subtitle path run', () => {
      expect(task.status, `${JSON.stringify(task)}\n${log}`).toBe('done');
      const states = Object.fromEntries(task.stages.map((stage: any) => [stage.name, stage.state]));
      for (const stage of [
        'detect-speech',
        'identify-language',
        'transcribe',
        'diarize',
        'segment',
        'translate',
        'synthesize',
        'mix',
        'export',
      ]) {
        expect(states[stage], stage).toBe('done');
      }
    });

    it('language ID names the language the Whisper stand-in hears, and Whisper transcribes it', () => {
      expect(log).toContain('Silero VAD (built in) found 4 stretches of speech');
      expect(log).toMatch(/Whisper language detection identified the language as English \(100 %\)/);
      expect(log).toContain('transcribing English speech with Whisper tiny (multilingual), standard quality');
      expect(log).toMatch(/transcribed 4 segments/);
    });

    it("writes Whisper's segments as the SRT's cues, translated by Apertium, at the times Whisper gave", async () => {
      const srt = parseSrt(Buffer.from(await (await fetch(status.result.subtitle_url)).arrayBuffer()));
      expect(srt.map((cue) => cue.text)).toEqual(TURNS.map(() => SPANISH));
      // Each VAD region starts where its turn's voice does; the stand-in's sentence runs 0.2 s to 1.6 s into it.
      // A cue stays up at least as long as Whisper said (longer while a long dubbed line borrows the pause after it).
      srt.forEach((cue, i) => {
        expect(
          Math.abs(cue.startMs - (spoken[i]!.startMs + SAYS.startSec * 1000)),
          `cue ${i + 1} start ${cue.startMs}`,
        ).toBeLessThan(200);
        expect(cue.endMs, `cue ${i + 1} end`).toBeGreaterThanOrEqual(spoken[i]!.startMs + SAYS.endSec * 1000 - 200);
        if (i + 1 < srt.length) expect(cue.endMs).toBeLessThanOrEqual(srt[i + 1]!.startMs);
      });
      expect(log).toMatch(/translating 4 lines English -> Spanish with Apertium/);
    });

    it('labels the turns with the two speakers the diarization stand-ins hear', async () => {
      const vtt = await (await fetch(status.result.subtitle_vtt_url)).text();
      expect([...vtt.matchAll(/<v ([^>]+)>/g)].map((match) => match[1])).toEqual([
        'Speaker 1',
        'Speaker 2',
        'Speaker 1',
        'Speaker 2',
      ]);
      expect(log).toContain(
        'pyannote segmentation 3.0 + 3D-Speaker ERes2Net base speaker embeddings (sherpa-onnx), standard quality, told 2 speakers apart in 4 lines',
      );
    });

    it('the Piper voice speaks for the man: its tones fill the pause after his turn, where the dub borrows time', async () => {
      expect(log).toMatch(new RegExp(`speaker Speaker 1: piper:${PIPER_VOICE}, median F0 1[12]\\d Hz -> male`));
      const dubFile = path.join(media.dir, 'dub-result');
      await fs.writeFile(dubFile, Buffer.from(await (await fetch(status.result.audio_url)).arrayBuffer()));
      const dub = await decodeAudioPcm(dubFile, { sampleRate: RATE, ffmpeg: resolveMediaTools().ffmpeg });
      for (const [i, turn] of TURNS.entries()) {
        const line = dub.slice(Math.round((turn.startMs / 1000) * RATE), Math.round((turn.endMs / 1000) * RATE));
        expect(rms(line), `line ${i + 1}`).toBeGreaterThan(0.05);
      }
      // The same voice saying the same line, from the engines the service built: the tones the stand-in speaks.
      const voiceId = `piper:${PIPER_VOICE}`;
      const said = await svc.service.core.engines.ttsFor(voiceId).synthesize({ text: SPANISH, voiceId });
      const reference = resample(said.samples, said.sampleRate, RATE);
      // Its tokens are 80 ms tones from the start (sherpa pads one silent token): one pitch per token.
      const voiceTones = tonesOf(reference, 0.08);
      expect(voiceTones.length).toBeGreaterThan(10);
      // Between the man's turn and the woman's the original is silent: only the dub plays there.
      const pause = dub.slice(
        Math.round((TURNS[0].endMs / 1000 + 0.05) * RATE),
        Math.round((TURNS[1].startMs / 1000 - 0.05) * RATE),
      );
      const heard = tonesOf(pause, 0.04);
      expect(heard.length, 'sounding frames in the pause').toBeGreaterThan(10);
      const voiced = heard.filter((hz) => voiceTones.some((tone) => Math.abs(tone - hz) <= 3));
      expect(
        voiced.length / heard.length,
        `pitches heard ${heard.join(', ')}; the voice's ${voiceTones.join(', ')}`,
      ).toBeGreaterThan(0.8);
    });
  },
);
