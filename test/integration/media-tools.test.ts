import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';

describe('resolveMediaTools', () => {
  it('prefers explicit paths, then DUBDESK_FFMPEG / DUBDESK_FFPROBE', () => {
    const env = { DUBDESK_FFMPEG: '/env/ffmpeg', DUBDESK_FFPROBE: '/env/ffprobe' };
    expect(resolveMediaTools({ ffmpegPath: '/opt/ffmpeg', ffprobePath: '/opt/ffprobe' }, env)).toEqual({
      ffmpeg: '/opt/ffmpeg',
      ffprobe: '/opt/ffprobe',
    });
    expect(resolveMediaTools({}, env)).toEqual({ ffmpeg: '/env/ffmpeg', ffprobe: '/env/ffprobe' });
    expect(resolveMediaTools({ ffprobePath: '/opt/ffprobe' }, { DUBDESK_FFMPEG: '/env/ffmpeg' })).toEqual({
      ffmpeg: '/env/ffmpeg',
      ffprobe: '/opt/ffprobe',
    });
  });

  it('falls back to the packaged binaries, made executable and runnable', async () => {
    const tools = resolveMediaTools({}, {});
    expect(tools.ffmpeg).toMatch(/@ffmpeg-installer/);
    expect(tools.ffprobe).toMatch(/@ffprobe-installer/);
    for (const [name, binary] of Object.entries(tools)) {
      expect(() => fs.accessSync(binary, fs.constants.X_OK)).not.toThrow();
      const { stdout } = await runProcess(binary, ['-version'], { captureStdout: true });
      expect(stdout?.toString()).toContain(`${name} version`);
    }
  });
});
