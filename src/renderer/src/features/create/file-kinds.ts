// Pure: what a dropped or chosen file is, by its extension first and its MIME type second.
import { extensionsOf, formatsOf, type MediaCategory } from '../../../../shared/media-formats.js';

export type FileKind = 'video' | 'image' | 'audio' | 'subtitle' | 'unknown';

const KINDS: readonly MediaCategory[] = ['video', 'image', 'audio', 'subtitle'];

// Exactly what the API accepts (src/shared/media-formats.ts), so a file the GUI offers a job for is never refused for its type.
const mimeTypesOf = (kind: MediaCategory) => formatsOf(kind).flatMap((format) => format.mimeTypes);

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
  const byExtension = KINDS.find((kind) => extensionsOf(kind).includes(extension));
  if (byExtension) return byExtension;
  // Without an extension, a MIME type of a format the API takes (by content) counts.
  const type = mime.toLowerCase();
  return (extension === '' && KINDS.find((kind) => mimeTypesOf(kind).includes(type))) || 'unknown';
}

/** For the file input's `accept`, so the system dialog shows what DubDesk can use. */
export const ACCEPTED_FILES = KINDS.flatMap((kind) => extensionsOf(kind))
  .map((extension) => `.${extension}`)
  .join(',');

const KIND_NAMES: Record<MediaCategory, string> = {
  video: 'Video',
  image: 'Pictures',
  audio: 'Audio',
  subtitle: 'Subtitles',
};

/** "Video .mp4 .mov ... · Pictures .jpg ..." for the drop zone: the same list the file dialog and the API take. */
export const ACCEPTED_FORMATS_TEXT = KINDS.map(
  (kind) =>
    `${KIND_NAMES[kind]} ${extensionsOf(kind)
      .map((extension) => `.${extension}`)
      .join(' ')}`,
).join(' · ');
