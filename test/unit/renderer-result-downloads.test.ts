import { describe, expect, it } from 'vitest';
import { resultDownloads } from '../../src/renderer/src/features/jobs/result-downloads.js';

describe("the task detail's download list", () => {
  it('offers the WebVTT and ASS subtitle exports beside the SRT, each under its own name, and skips the project id', () => {
    const base = 'http://127.0.0.1:8765/v1/files';
    const downloads = resultDownloads({
      video_url: `${base}/a?token=1`,
      subtitle_url: `${base}/b?token=2`,
      subtitle_vtt_url: `${base}/c?token=3`,
      subtitle_ass_url: `${base}/d?token=4`,
      project_url: 'project-id',
    });
    expect(downloads.map(({ key, label }) => [key, label])).toEqual([
      ['video_url', 'Video'],
      ['subtitle_url', 'Subtitles (SRT)'],
      ['subtitle_vtt_url', 'Subtitles (WebVTT, with speakers)'],
      ['subtitle_ass_url', 'Subtitles (ASS, styled)'],
    ]);
    expect(downloads[2]!.url).toBe(`${base}/c?token=3`);
  });

  it('lists a result key it has no label for under the key itself', () => {
    expect(resultDownloads({ other_url: 'https://example.test/x' })).toEqual([
      { key: 'other_url', label: 'other_url', url: 'https://example.test/x' },
    ]);
    expect(resultDownloads(undefined)).toEqual([]);
  });
});
