import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { ProcessError, runProcess, startProcess, STDERR_TAIL_CHARS } from '../../src/main/media/run-process.js';
import { makeMediaDir } from '../fixtures/media.js';

const node = process.execPath;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject');
}

describe('runProcess', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ dir, cleanup } = await makeMediaDir()));
  afterAll(() => cleanup());

  it('captures stdout as bytes and reports lines split on LF, CRLF and CR', async () => {
    const lines: string[] = [];
    const result = await runProcess(node, ['-e', "process.stdout.write('one\\ntwo\\r\\nthree\\rfour')"], {
      captureStdout: true,
      onStdoutLine: (line) => lines.push(line),
    });
    expect(result.code).toBe(0);
    expect(result.stdout?.toString()).toBe('one\ntwo\r\nthree\rfour');
    expect(lines).toEqual(['one', 'two', 'three', 'four']);
  });

  it('passes arguments literally, with no shell to expand them', async () => {
    const result = await runProcess(node, ['-e', 'process.stdout.write(process.argv[1])', '$HOME; echo *'], {
      captureStdout: true,
    });
    expect(result.stdout?.toString()).toBe('$HOME; echo *');
  });

  it('rejects a non-zero exit with the tool name, exit code and the end of stderr', async () => {
    const error = await rejection(
      runProcess(
        node,
        [
          '-e',
          "console.error('x'.repeat(100000)); console.error('Invalid data found when processing input'); process.exit(3)",
        ],
        {
          toolName: 'ffprobe',
        },
      ),
    );
    expect(error).toBeInstanceOf(ProcessError);
    expect(error.message).toMatch(/^ffprobe exited with code 3: x+\nInvalid data found when processing input$/);
    const failure = error as ProcessError;
    expect(failure.exitCode).toBe(3);
    expect(failure.stderrTail.length).toBeLessThanOrEqual(STDERR_TAIL_CHARS);
    expect(failure.stderrTail.endsWith('Invalid data found when processing input')).toBe(true);
  });

  it('rejects a binary that does not exist with a message naming it', async () => {
    const missing = `${dir}/no-such-ffmpeg`;
    const error = await rejection(runProcess(missing, ['-version'], { toolName: 'ffmpeg' }));
    expect(error).toBeInstanceOf(ProcessError);
    expect(error.message).toContain(`Could not start ffmpeg (${missing})`);
  });

  it('does not start anything when the signal is already aborted', async () => {
    let spawned = false;
    const error = await rejection(
      runProcess(node, ['-e', ''], { signal: AbortSignal.abort(), onSpawn: () => (spawned = true) }),
    );
    expect(error.name).toBe('AbortError');
    expect(spawned).toBe(false);
  });

  it('cancels a long real ffmpeg run quickly and leaves no process behind', async () => {
    const controller = new AbortController();
    let pid = 0;
    const started = Date.now();
    // -re paces a 10-minute input at real time: the run would last 10 minutes unless cancelled.
    const run = runProcess(
      resolveMediaTools().ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-re',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=320x240:rate=25:duration=600',
        '-progress',
        'pipe:1',
        '-nostats',
        '-f',
        'null',
        '-',
      ],
      {
        toolName: 'ffmpeg',
        signal: controller.signal,
        onSpawn: (id) => (pid = id),
        // Abort once ffmpeg is really encoding, not while it is still starting.
        onStdoutLine: (line) => {
          if (line.startsWith('progress=')) controller.abort();
        },
      },
    );
    const error = await rejection(run);
    expect(error.name).toBe('AbortError');
    expect(error.message).toBe('ffmpeg was cancelled.');
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(pid).toBeGreaterThan(0);
    expect(isRunning(pid)).toBe(false);
  });

  it('kills a child that ignores SIGTERM once the grace period is over', async () => {
    const controller = new AbortController();
    let pid = 0;
    const run = runProcess(
      node,
      ['-e', "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000)"],
      {
        signal: controller.signal,
        killGraceMs: 300,
        onSpawn: (id) => (pid = id),
        onStdoutLine: (line) => {
          if (line === 'ready') controller.abort();
        },
      },
    );
    const error = await rejection(run);
    expect(error.name).toBe('AbortError');
    expect(isRunning(pid)).toBe(false);
  });
});

describe('startProcess (the spawn under runProcess and the frame pipes)', () => {
  it('gives the caller stdin and a paused stdout: every byte comes back though nothing read while it was written', async () => {
    // A child echoing stdin: 4 MB is far more than a pipe holds, so an unread stdout must throttle it, not lose data.
    const echo = startProcess(node, ['-e', 'process.stdin.pipe(process.stdout)'], { stdin: true, readStdout: true });
    const sent = Buffer.alloc(4 << 20, 7);
    const writing = new Promise<void>((resolve, reject) =>
      echo.stdin!.end(sent, (error?: Error | null) => (error ? reject(error) : resolve())),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    let received = 0;
    for await (const chunk of echo.stdout as AsyncIterable<Buffer>) received += chunk.length;
    await writing;
    const exit = await echo.exited;
    expect(received).toBe(sent.length);
    expect(exit).toMatchObject({ code: 0, aborted: false });
    expect(echo.failure(exit)).toBeNull();
  });

  it('kill(0) ends a child that ignores SIGTERM at once, and its exit is marked aborted', async () => {
    const stubborn = startProcess(
      node,
      ['-e', "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000)"],
      {
        onStdoutLine: (line) => {
          if (line === 'ready') stubborn.kill(0);
        },
      },
    );
    const started = Date.now();
    const exit = await stubborn.exited;
    expect(exit).toMatchObject({ signal: 'SIGKILL', aborted: true });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(stubborn.running()).toBe(false);
  });

  it('stops a child whose signal was aborted before it started, and marks its exit aborted', async () => {
    const late = startProcess(node, ['-e', 'setInterval(() => {}, 1000)'], {
      signal: AbortSignal.abort(),
      killGraceMs: 0,
    });
    const exit = await late.exited;
    expect(exit.aborted).toBe(true);
    expect(late.running()).toBe(false);
  });

  it('reports a child killed by someone else as a failure naming the signal, not as an abort', async () => {
    const victim = startProcess(node, ['-e', "console.log('ready'); setInterval(() => {}, 1000)"], {
      toolName: 'ffmpeg',
      onStdoutLine: (line) => {
        if (line === 'ready') process.kill(victim.child.pid!, 'SIGKILL');
      },
    });
    const exit = await victim.exited;
    expect(exit.aborted).toBe(false);
    expect(victim.failure(exit)?.message).toBe('ffmpeg was killed by signal SIGKILL.');
  });
});
