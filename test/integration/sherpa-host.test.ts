// The supervised sherpa-onnx child: a model that makes sherpa end its process fails only that call (engine_failed
// naming the model and how to recover), the service process lives on and the next call gets a fresh child; a
// cancelled call kills the child it was blocking; dispose ends the child.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../src/main/media/audio.js';
import { defineSherpaOp } from '../../src/main/engines/sherpa/op.js';
import { SherpaHost } from '../../src/main/engines/sherpa/host.js';
import { SHERPA_OPS } from '../../src/main/engines/sherpa/ops/index.js';
import { WHISPER_TRANSCRIBE_OP, type WhisperTranscribeArgs } from '../../src/main/engines/sherpa/ops/whisper.js';
import {
  writeBrokenWhisperStandin,
  writeWhisperStandin,
  type WhisperStandinFiles,
} from '../fixtures/sherpa-standins.js';

// A call that blocks its process the way a long synchronous sherpa decode does.
const BLOCK_OP = defineSherpaOp<{ ms: number; startedFile?: string }, { slept: number }>(
  'test.block',
  String.raw`(sherpa, args) => {
  if (args.startedFile) require('node:fs').writeFileSync(args.startedFile, '');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, args.ms);
  return { slept: args.ms };
}`,
);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return !alive(pid);
}

let dir: string;
let good: WhisperStandinFiles;
let broken: WhisperStandinFiles;
let wavFile: string;
const hosts: SherpaHost[] = [];

function host(): SherpaHost {
  const created = new SherpaHost({ ops: [...SHERPA_OPS, BLOCK_OP] });
  hosts.push(created);
  return created;
}

const transcribeArgs = (model: WhisperStandinFiles): WhisperTranscribeArgs => ({
  encoder: model.encoder,
  decoder: model.decoder,
  tokens: model.tokens,
  wavFile,
  startSample: 0,
  endSample: 32_000,
  language: '',
  numThreads: 1,
});
const whisperTiny = { title: 'Whisper tiny (multilingual)', modelId: 'whisper-tiny' };

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-sherpa-host-'));
  good = writeWhisperStandin(path.join(dir, 'good'));
  broken = writeBrokenWhisperStandin(path.join(dir, 'broken'));
  const samples = new Float32Array(16_000 * 3).map((_, i) => 0.2 * Math.sin(i / 7));
  wavFile = path.join(dir, 'tone.wav');
  fs.writeFileSync(wavFile, encodeWav(samples, 16_000));
});

afterEach(async () => {
  for (const created of hosts.splice(0)) await created.dispose();
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('sherpa-onnx host', () => {
  it('a model that kills sherpa fails its call with engine_failed naming the model and the way out; the next call works', async () => {
    const sherpa = host();
    await expect(
      sherpa.run(WHISPER_TRANSCRIBE_OP, transcribeArgs(good), { subject: whisperTiny }),
    ).resolves.toMatchObject({ text: good.text });
    const firstChild = sherpa.pid!;

    const failure = await sherpa
      .run(WHISPER_TRANSCRIBE_OP, transcribeArgs(broken), { subject: whisperTiny })
      .catch((error: unknown) => error);

    expect(failure).toMatchObject({ code: 'engine_failed' });
    const { message } = failure as Error;
    expect(message).toContain(
      'Whisper tiny (multilingual) (model whisper-tiny) stopped the speech engine process during whisper.transcribe (exit status 255)',
    );
    // sherpa's own reason, without its source location.
    expect(message).toContain("'n_mels' does not exist in the metadata.");
    expect(message).toContain(
      'remove the model (`dubdesk models remove whisper-tiny` or the Models page) and install it again.',
    );
    expect(await gone(firstChild)).toBe(true);

    // This process (the service) is still here, and a fresh child serves the next call.
    await expect(
      sherpa.run(WHISPER_TRANSCRIBE_OP, transcribeArgs(good), { subject: whisperTiny }),
    ).resolves.toMatchObject({ text: 'Guten Morgen', lang: 'de' });
    expect(sherpa.pid).not.toBe(firstChild);
  });

  it("a missing model file fails with sherpa's reason, without taking the child down", async () => {
    const sherpa = host();
    await sherpa.run(BLOCK_OP, { ms: 1 }, { subject: { title: 'warm-up' } });
    const child = sherpa.pid;
    const missing = { ...transcribeArgs(good), encoder: path.join(dir, 'nowhere', 'tiny-encoder.int8.onnx') };
    await expect(sherpa.run(WHISPER_TRANSCRIBE_OP, missing, { subject: whisperTiny })).rejects.toMatchObject({
      code: 'engine_failed',
      message: expect.stringMatching(
        /^Whisper tiny \(multilingual\) \(model whisper-tiny\) failed during whisper\.transcribe: .*nowhere\/tiny-encoder\.int8\.onnx' does not exist/,
      ),
    });
    expect(sherpa.pid).toBe(child);
  });

  it('cancelling a running call kills the child and rejects cancelled; a queued call is dropped; later calls start a new child', async () => {
    const sherpa = host();
    const controller = new AbortController();
    const startedFile = path.join(dir, 'blocking');
    const blocked = sherpa.run(
      BLOCK_OP,
      { ms: 20_000, startedFile },
      { subject: { title: 'A long decode' }, signal: controller.signal },
    );
    const queued = sherpa.run(
      BLOCK_OP,
      { ms: 1 },
      { subject: { title: 'The next decode' }, signal: controller.signal },
    );
    blocked.catch(() => undefined);
    queued.catch(() => undefined);
    // Cancelled only once the child is inside the blocking call.
    for (let i = 0; i < 500 && !fs.existsSync(startedFile); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const child = sherpa.pid!;

    const started = Date.now();
    controller.abort();

    await expect(blocked).rejects.toMatchObject({ code: 'cancelled', message: 'A long decode was cancelled.' });
    await expect(queued).rejects.toMatchObject({ code: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await gone(child)).toBe(true);
    await expect(sherpa.run(BLOCK_OP, { ms: 5 }, { subject: { title: 'After' } })).resolves.toEqual({ slept: 5 });
    expect(sherpa.pid).not.toBe(child);
  });

  it('dispose ends the child and refuses later calls', async () => {
    const sherpa = host();
    await sherpa.run(BLOCK_OP, { ms: 1 }, { subject: { title: 'warm-up' } });
    const child = sherpa.pid!;
    await sherpa.dispose();
    expect(await gone(child)).toBe(true);
    await expect(sherpa.run(BLOCK_OP, { ms: 1 }, { subject: { title: 'Late' } })).rejects.toMatchObject({
      code: 'cancelled',
    });
  });
});
