// Content types by file extension: only media, subtitle and plain data types, so nothing we serve renders as a page.
import { MEDIA_FORMATS } from '../../shared/media-formats.js';

/** Every format DubDesk takes (src/shared/media-formats.ts), each extension with its format's usual type. */
const MEDIA_MIME_BY_EXTENSION = Object.fromEntries(
  MEDIA_FORMATS.flatMap((format) => format.extensions.map((extension) => [extension, format.mimeTypes[0]])),
);

const MIME_BY_EXTENSION: Record<string, string> = {
  ...MEDIA_MIME_BY_EXTENSION,
  wma: 'audio/x-ms-wma',
  gif: 'image/gif',
  bmp: 'image/bmp',
  vtt: 'text/vtt',
  ass: 'text/x-ssa',
  ssa: 'text/x-ssa',
  txt: 'text/plain',
  json: 'application/json',
  zip: 'application/zip',
};

export const DEFAULT_MIME = 'application/octet-stream';

export function mimeFromFileName(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  return MIME_BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? null;
}

export function extensionForMime(mime: string): string | null {
  const wanted = normalizeMime(mime);
  if (!wanted) return null;
  for (const [extension, candidate] of Object.entries(MIME_BY_EXTENSION)) if (candidate === wanted) return extension;
  return null;
}

/** `type/subtype` in lower case without parameters, or null when the value is not a content type. */
export function normalizeMime(value: string | null | undefined): string | null {
  const bare = (value ?? '').split(';')[0].trim().toLowerCase();
  return /^[a-z0-9][\w.+-]*\/[a-z0-9][\w.+-]*$/.test(bare) ? bare : null;
}

/** The extension decides when it is known (clients often send octet-stream); otherwise a specific declared type. */
export function chooseMime(name: string, declared?: string | null): string {
  const fromName = mimeFromFileName(name);
  if (fromName) return fromName;
  const normalized = normalizeMime(declared);
  return normalized && normalized !== DEFAULT_MIME ? normalized : DEFAULT_MIME;
}
