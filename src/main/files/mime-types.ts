// Content types by file extension: only media, subtitle and plain data types, so nothing we serve renders as a page.

const MIME_BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  webm: 'video/webm',
  avi: 'video/x-msvideo',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  ts: 'video/mp2t',
  flv: 'video/x-flv',
  wmv: 'video/x-ms-wmv',
  '3gp': 'video/3gpp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/opus',
  flac: 'audio/flac',
  wma: 'audio/x-ms-wma',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  srt: 'application/x-subrip',
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
