// Pure: a task's result URLs as the task detail's download links, every published file listed with a readable name.

const RESULT_LABELS: Record<string, string> = {
  video_url: 'Video',
  audio_url: 'Audio',
  subtitle_url: 'Subtitles (SRT)',
  subtitle_vtt_url: 'Subtitles (WebVTT, with speakers)',
  subtitle_ass_url: 'Subtitles (ASS, styled)',
  subtitle_bilingual_url: 'Subtitles (SRT, original above translation)',
  project_url: 'Project',
};

export interface ResultDownload {
  key: string;
  label: string;
  url: string;
}

/** Downloadable files only: a project id is no URL; a key not known here still shows, under its own name. */
export function resultDownloads(result: Record<string, string> | undefined): ResultDownload[] {
  return Object.entries(result ?? {})
    .filter(([, url]) => /^https?:/.test(url))
    .map(([key, url]) => ({ key, label: RESULT_LABELS[key] ?? key, url }));
}
