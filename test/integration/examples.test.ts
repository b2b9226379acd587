// Every script in examples/ as a user runs it (bash + curl + jq, or Node on the typed client), against a real service
// on loopback: each must upload its inputs, wait for its job and download results that are real media.
import { execFile, spawn } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../src/main/media/probe.js';
import { facePhoto, faceVideo } from '../fixtures/faces.js';
import { makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { wav2lipInvertingStandin, writeStandin } from '../fixtures/onnx-standins.js';
import { startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio, makeSpokenVideo } from '../fixtures/speech.js';
import { joinLibrivoxClips, librivoxClips, systemEngineMissing, librivoxPresent } from '../fixtures/system-engines.js';
import { makeTextVideo } from '../fixtures/text-video.js';
import { findPocketsphinx } from '../../src/main/engines/asr/pocketsphinx.js';
import { findApertium } from '../../src/main/engines/mt/apertium.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EXAMPLES = path.join(ROOT, 'examples');
const JOB_TIMEOUT_MS = 240_000;

/** curl and jq are what the shell examples need; CI installs them (.ci/run), elsewhere their half may skip. */
const shellToolsMissing = ['curl', 'jq', 'openssl'].filter(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
);
if (shellToolsMissing.length > 0 && process.env.CI)
  throw new Error(`${shellToolsMissing.join(', ')} missing: .ci/run installs them for the curl examples.`);
const systemEnginesMissing = systemEngineMissing(
  'PocketSphinx, Apertium eng-spa and pocketsphinx-testdata',
  findPocketsphinx() !== undefined &&
    librivoxPresent() &&
    (findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false),
);

let svc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };
let env: NodeJS.ProcessEnv;
const inputs: Record<string, string> = {};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an example as a child process with only the service's address and key set, in its own output folder. */
function runExample(
  language: 'curl' | 'node',
  name: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<Run & { files: string[] }> {
  const [command, argv] =
    language === 'curl'
      ? ['bash', [path.join(EXAMPLES, 'curl', `${name}.sh`), ...args]]
      : [process.execPath, ['--import', 'tsx', path.join(EXAMPLES, 'node', `${name}.ts`), ...args]];
  return new Promise((resolve, reject) => {
    execFile(
      command,
      argv,
      { cwd: ROOT, env: { ...env, ...extraEnv }, timeout: JOB_TIMEOUT_MS },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number')
          reject(new Error(`${name} (${language}) did not finish: ${error.message}\n${stderr}`));
        // The examples print each downloaded file's path on stdout.
        else
          resolve({
            code: error ? Number(error.code) : 0,
            stdout,
            stderr,
            files: stdout.split('\n').filter((line) => line.startsWith('/')),
          });
      },
    );
  });
}

/** Both languages of one example, side by side, each into its own folder. */
async function runBoth(
  name: string,
  args: (out: string) => string[],
): Promise<Array<Run & { files: string[]; language: string }>> {
  const languages = shellToolsMissing.length > 0 ? (['node'] as const) : (['curl', 'node'] as const);
  return Promise.all(
    languages.map(async (language) => {
      const out = path.join(media.dir, `${name}-${language}`);
      return { ...(await runExample(language, name, args(out))), language };
    }),
  );
}

function expectSuccess(run: Run & { language: string }): void {
  expect(run.code, `${run.language}: ${run.stderr}`).toBe(0);
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-examples-');
  svc = await startTestService({ config: { concurrency: 2 } });
  env = { PATH: process.env.PATH, HOME: process.env.HOME, DUBDESK_URL: svc.url, DUBDESK_API_KEY: TEST_API_KEY };
  const cues = [{ startMs: 200, endMs: 1500, text: 'Hello there, my friend.' }];
  inputs.photo = await facePhoto();
  inputs.speech = (
    await makeSpokenAudio(media.dir, { cues, background: 'silence', name: 'speech', durationSec: 2 })
  ).audioPath;
  inputs.newSpeech = (
    await makeSpokenAudio(media.dir, {
      cues: [{ startMs: 300, endMs: 1700, text: 'Good morning to you.' }],
      background: 'silence',
      name: 'new-speech',
      durationSec: 2.2,
    })
  ).audioPath;
  const talk = await makeSpokenVideo(media.dir, {
    cues: [{ startMs: 300, endMs: 2300, text: 'The house is big and the cat is black.' }],
    name: 'talk',
  });
  inputs.talk = talk.videoPath;
  inputs.talkSrt = await makeTextFile(
    media.dir,
    'talk.en.srt',
    '1\n00:00:00,300 --> 00:00:02,300\nThe house is big and the cat is black.\n',
  );
  inputs.face = await faceVideo(media.dir, { durationSec: 2, fps: 25, width: 480, height: 270, name: 'face.mp4' });
  inputs.slides = (
    await makeTextVideo(media.dir, {
      texts: [
        {
          text: 'The house is big',
          startMs: 0,
          endMs: 3000,
          x: '(w-text_w)/2',
          y: '(h-text_h)/2',
          fontSize: 30,
          colour: 'white',
        },
      ],
      durationSec: 3,
      name: 'slides.mp4',
    })
  ).file;
  // precision_v1 runs Wav2Lip; here a stand-in of its exact layout, installed as a user would import the model.
  await svc.service.core.models.importFrom(
    'wav2lip-gan-96',
    writeStandin(media.dir, 'wav2lip.onnx', wav2lipInvertingStandin()),
  );
}, 180_000);

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

describe('examples/ against a service on loopback', () => {
  it(
    'lip-sync from a photo: a video as long as the audio',
    async () => {
      for (const run of await runBoth('lipsync-photo', (out) => [inputs.photo, inputs.speech, out])) {
        expectSuccess(run);
        expect(run.files).toHaveLength(1);
        const video = await probeMedia(run.files[0]);
        expect(video.video).toBeTruthy();
        expect(Math.abs(video.durationSec - 2)).toBeLessThan(0.3);
      }
    },
    JOB_TIMEOUT_MS,
  );

  it(
    'dubbing with an SRT: a dubbed video and its Spanish subtitles',
    async () => {
      for (const run of await runBoth('dub-with-srt', (out) => [inputs.talk, inputs.talkSrt, 'en', 'es', out])) {
        expectSuccess(run);
        const [video, srt] = run.files;
        expect((await probeMedia(video)).audio).toBeTruthy();
        // Apertium's Spanish of "the house is big".
        expect((await fs.readFile(srt, 'utf8')).toLowerCase()).toContain('casa');
      }
    },
    JOB_TIMEOUT_MS,
  );

  it.skipIf(systemEnginesMissing)(
    'dubbing without subtitles: transcribed, translated and dubbed',
    async () => {
      const speech = await joinLibrivoxClips(media.dir, { clips: librivoxClips().slice(0, 2) });
      const narration = path.join(media.dir, 'narration.mp4');
      const { resolveMediaTools } = await import('../../src/main/media/ffmpeg-paths.js');
      const { runProcess } = await import('../../src/main/media/run-process.js');
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
          `testsrc2=size=320x240:rate=25:duration=${(speech.durationMs / 1000).toFixed(3)}`,
          '-i',
          speech.wavFile,
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
          '-shortest',
          narration,
        ],
        { toolName: 'ffmpeg' },
      );
      for (const run of await runBoth('dub-transcribed', (out) => [narration, 'en', 'es', out])) {
        expectSuccess(run);
        const [video, srt] = run.files;
        expect(Math.abs((await probeMedia(video)).durationSec - speech.durationMs / 1000)).toBeLessThan(0.5);
        expect((await fs.readFile(srt, 'utf8')).trim().length).toBeGreaterThan(20);
      }
    },
    JOB_TIMEOUT_MS,
  );

  it(
    'visual translate: the video with its on-screen text translated',
    async () => {
      for (const run of await runBoth('visual-translate', (out) => [inputs.slides, 'en', 'es', out])) {
        expectSuccess(run);
        const video = await probeMedia(run.files[0]);
        expect(video.video).toBeTruthy();
        expect(Math.abs(video.durationSec - 3)).toBeLessThan(0.3);
      }
    },
    JOB_TIMEOUT_MS,
  );

  it(
    'a reusable model: the first video, then a new one from the new audio alone',
    async () => {
      for (const run of await runBoth('reusable-model', (out) => [inputs.face, inputs.speech, inputs.newSpeech, out])) {
        expectSuccess(run);
        expect(run.stderr).toMatch(/reusable model \w+/);
        const [first, reused] = run.files;
        expect((await probeMedia(first)).video).toBeTruthy();
        expect(Math.abs((await probeMedia(reused)).durationSec - 2.2)).toBeLessThan(0.3);
      }
    },
    JOB_TIMEOUT_MS,
  );

  it(
    'a callback receiver: verifies signed deliveries, refuses tampered ones, and downloads on the done callback',
    async () => {
      const secret = (await svc.api('/v1/settings')).body.webhook_secret as string;
      const saved = path.join(media.dir, 'deliveries');
      const out = path.join(media.dir, 'callback-node');
      const run = await runExample('node', 'callback-receiver', [inputs.photo, inputs.speech, out], {
        DUBDESK_WEBHOOK_SECRET: secret,
        CALLBACK_PORT: '0',
        CALLBACK_SAVE_DIR: saved,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/verified \S+: done/);
      expect((await probeMedia(run.files[0])).video).toBeTruthy();

      // The shell check of a saved delivery: the real one passes, a changed byte does not.
      const done = (await fs.readdir(saved)).filter((file) => file.endsWith('.json'));
      expect(done.length).toBeGreaterThan(0);
      const body = path.join(saved, done[0]);
      const signature = await fs.readFile(body.replace(/\.json$/, '.signature'), 'utf8');
      const tampered = path.join(media.dir, 'tampered.json');
      await fs.writeFile(
        tampered,
        (await fs.readFile(body, 'utf8')).replace(/"status":"\w+"/, '"status":"done","extra":1'),
      );
      if (shellToolsMissing.length === 0) {
        const verify = (file: string, header: string) =>
          spawnSync('bash', [path.join(EXAMPLES, 'curl', 'verify-callback.sh'), file, header], {
            env: { ...env, DUBDESK_WEBHOOK_SECRET: secret },
            encoding: 'utf8',
          });
        const good = verify(body, signature);
        expect(good.status, good.stderr).toBe(0);
        expect(good.stdout).toMatch(/^verified: \w+/);
        const bad = verify(tampered, signature);
        expect(bad.status).toBe(1);
        expect(bad.stderr).toContain('does not match');
        const old = verify(body, signature.replace(/t=\d+/, `t=${Math.floor(Date.now() / 1000) - 3600}`));
        expect(old.status).toBe(1);
        expect(old.stderr).toContain('ago');
      }

      // The Node receiver answers 401 to a tampered delivery and 204 to the real one.
      const listener = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(EXAMPLES, 'node', 'callback-receiver.ts')],
        { cwd: ROOT, env: { ...env, DUBDESK_WEBHOOK_SECRET: secret, CALLBACK_PORT: '0' } },
      );
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let text = '';
          listener.stdout.on('data', (chunk) => {
            text += chunk;
            const match = /listening on (\S+)/.exec(text);
            if (match) resolve(match[1]);
          });
          listener.on('exit', (code) => reject(new Error(`the receiver exited (${code})`)));
        });
        const deliver = async (file: string) =>
          (
            await fetch(url, {
              method: 'POST',
              body: await fs.readFile(file),
              headers: {
                'content-type': 'application/json',
                'x-dubdesk-signature': signature,
                'x-dubdesk-event-id': 'e1',
              },
            })
          ).status;
        expect(await deliver(tampered)).toBe(401);
        expect(await deliver(body)).toBe(204);
      } finally {
        listener.kill();
      }
    },
    JOB_TIMEOUT_MS,
  );
});
