import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkSubtitleLimits,
  MAX_CUE_CHARACTERS,
  MAX_CUES,
  MAX_SUBTITLE_BYTES,
  readSubtitleFile,
} from '../../src/main/requests/subtitle-limits.js';

const cue = (index: number, text: string) => ({ index, startMs: index * 1000, endMs: index * 1000 + 900, text });

describe('subtitle limits', () => {
  it('accepts a file at both limits: as many cues as allowed, one as long as allowed', () => {
    const cues = Array.from({ length: MAX_CUES }, (_, i) => cue(i + 1, 'Hallo.'));
    cues[7] = cue(8, 'x'.repeat(MAX_CUE_CHARACTERS));
    expect(() => checkSubtitleLimits(cues)).not.toThrow();
  });

  it('counts characters, not UTF-16 units: 1,000 emoji are 1,000 characters', () => {
    expect(() => checkSubtitleLimits([cue(1, '😀'.repeat(MAX_CUE_CHARACTERS))])).not.toThrow();
  });

  it('refuses a cue over the limit with invalid_subtitle naming the cue, its times, its length and the limit, never its text', () => {
    const text = 'secret '.repeat(23_000);
    expect(() => checkSubtitleLimits([cue(1, 'ok'), cue(12, text)])).toThrow(
      expect.objectContaining({
        code: 'invalid_subtitle',
        message:
          'Cue 12 (00:00:12,000 --> 00:00:12,900) has 161,000 characters; at most 1,000 are accepted per cue. Split it into shorter cues.',
      }),
    );
  });

  it('refuses more cues than the limit with invalid_subtitle naming the count and the limit', () => {
    const cues = Array.from({ length: MAX_CUES + 1 }, (_, i) => cue(i + 1, 'a'));
    expect(() => checkSubtitleLimits(cues)).toThrow(
      expect.objectContaining({
        code: 'invalid_subtitle',
        message:
          'The subtitle file has 10,001 cues; at most 10,000 are accepted per file. Split the media and its subtitles into parts.',
      }),
    );
  });

  it('refuses a file larger than any accepted SRT can be without reading it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-srt-limit-'));
    try {
      const file = path.join(dir, 'huge.srt');
      const handle = await fs.open(file, 'w');
      await handle.truncate(MAX_SUBTITLE_BYTES + 1); // sparse: no disk used
      await handle.close();
      await expect(readSubtitleFile(file)).rejects.toMatchObject({
        code: 'invalid_subtitle',
        message: expect.stringMatching(/^The subtitle file is 24\.0 MB; at most 24 MB is accepted/),
      });
      await fs.writeFile(file, '1\n00:00:00,000 --> 00:00:01,000\nHallo\n');
      expect((await readSubtitleFile(file)).toString()).toContain('Hallo');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
