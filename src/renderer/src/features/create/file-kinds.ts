// Pure: what a dropped or chosen file is, by its extension first and its MIME type second.
import { DRIVING_AUDIO_TYPES, REFERENCE_IMAGE_TYPES, REFERENCE_VIDEO_TYPES } from '../../../../shared/schemas/jobs.js';

export type FileKind = 'video' | 'image' | 'audio' | 'subtitle' | 'unknown';

// Exactly what the API accepts, so a file the GUI offers a job for is never refused for its type.
const EXTENSIONS: Record<Exclude<FileKind, 'unknown'>, readonly string[]> = {
  video: [...REFERENCE_VIDEO_TYPES, 'mkv'],
  image: REFERENCE_IMAGE_TYPES,
  audio: DRIVING_AUDIO_TYPES,
  subtitle: ['srt'],
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The name without its last extension: `talk.de.srt` -> `talk.de`. */
export function stemOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? base : base.slice(0, dot);
}

export function classifyFile(name: string, mime = ''): FileKind {
  const extension = extensionOf(name);
  for (const [kind, extensions] of Object.entries(EXTENSIONS) as [Exclude<FileKind, 'unknown'>, readonly string[]][]) {
    if (extensions.includes(extension)) return kind;
  }
  // Without a known extension, only a MIME type the API also takes by content counts.
  const type = mime.toLowerCase();
  if (extension === '' && (type === 'application/x-subrip' || type === 'text/srt')) return 'subtitle';
  if (extension === '' && ['video/mp4', 'video/quicktime', 'video/webm'].includes(type)) return 'video';
  if (extension === '' && ['image/png', 'image/jpeg', 'image/webp'].includes(type)) return 'image';
  if (extension === '' && ['audio/wav', 'audio/x-wav', 'audio/mpeg', 'audio/mp4'].includes(type)) return 'audio';
  return 'unknown';
}

/** For the file input's `accept`, so the system dialog shows what DubDesk can use. */
export const ACCEPTED_FILES = Object.values(EXTENSIONS)
  .flat()
  .map((extension) => `.${extension}`)
  .join(',');
