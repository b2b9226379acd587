// The one list of file formats DubDesk takes: intake, sniffing, the schema descriptions, the GUI and docs/api.md read it.

export type MediaCategory = 'video' | 'audio' | 'image' | 'subtitle';

export interface MediaFormat {
  /** What the content is, as sniffing names it. */
  id: string;
  /** Used in messages after the article: "is an MP4 video". */
  label: string;
  article: 'a' | 'an';
  category: MediaCategory;
  /** Without the dot; the first is the usual one. */
  extensions: readonly string[];
  mimeTypes: readonly string[];
  /** A video container that holds only sound is this audio format (an MP4 of speech is an M4A): only the probe can tell. */
  audioForm?: string;
}

const video = (format: Omit<MediaFormat, 'category'>): MediaFormat => ({ ...format, category: 'video' });
const audio = (format: Omit<MediaFormat, 'category'>): MediaFormat => ({ ...format, category: 'audio' });
const image = (format: Omit<MediaFormat, 'category'>): MediaFormat => ({ ...format, category: 'image' });

export const MEDIA_FORMATS: readonly MediaFormat[] = [
  video({
    id: 'mp4',
    label: 'MP4 video',
    article: 'an',
    extensions: ['mp4'],
    mimeTypes: ['video/mp4'],
    audioForm: 'm4a',
  }),
  video({
    id: 'mov',
    label: 'QuickTime (.mov) video',
    article: 'a',
    extensions: ['mov'],
    mimeTypes: ['video/quicktime'],
    audioForm: 'm4a',
  }),
  video({
    id: 'm4v',
    label: 'M4V video',
    article: 'an',
    extensions: ['m4v'],
    mimeTypes: ['video/x-m4v'],
    audioForm: 'm4a',
  }),
  video({
    id: '3gp',
    label: '3GP video',
    article: 'a',
    extensions: ['3gp', '3g2'],
    mimeTypes: ['video/3gpp', 'video/3gpp2'],
    audioForm: 'm4a',
  }),
  video({
    id: 'webm',
    label: 'WebM video',
    article: 'a',
    extensions: ['webm'],
    mimeTypes: ['video/webm'],
    audioForm: 'weba',
  }),
  video({
    id: 'mkv',
    label: 'Matroska (.mkv) video',
    article: 'a',
    extensions: ['mkv'],
    mimeTypes: ['video/x-matroska'],
  }),
  video({
    id: 'avi',
    label: 'AVI video',
    article: 'an',
    extensions: ['avi'],
    mimeTypes: ['video/x-msvideo', 'video/avi'],
  }),
  video({
    id: 'wmv',
    label: 'Windows Media (.wmv) video',
    article: 'a',
    extensions: ['wmv'],
    mimeTypes: ['video/x-ms-wmv'],
  }),
  video({
    id: 'mpg',
    label: 'MPEG program stream video',
    article: 'an',
    extensions: ['mpg', 'mpeg'],
    mimeTypes: ['video/mpeg'],
  }),
  video({
    id: 'ts',
    label: 'MPEG transport stream video',
    article: 'an',
    extensions: ['ts'],
    mimeTypes: ['video/mp2t'],
  }),
  video({
    id: 'mts',
    label: 'AVCHD / Blu-ray (.mts) video',
    article: 'an',
    extensions: ['mts', 'm2ts'],
    mimeTypes: ['video/vnd.dlna.mpeg-tts'],
  }),
  video({ id: 'flv', label: 'Flash (.flv) video', article: 'a', extensions: ['flv'], mimeTypes: ['video/x-flv'] }),
  audio({
    id: 'wav',
    label: 'WAV audio file',
    article: 'a',
    extensions: ['wav'],
    mimeTypes: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
  }),
  audio({
    id: 'mp3',
    label: 'MP3 audio file',
    article: 'an',
    extensions: ['mp3'],
    mimeTypes: ['audio/mpeg', 'audio/mp3'],
  }),
  audio({
    id: 'm4a',
    label: 'M4A audio file',
    article: 'an',
    extensions: ['m4a'],
    mimeTypes: ['audio/mp4', 'audio/x-m4a'],
  }),
  audio({
    id: 'aac',
    label: 'AAC (ADTS) audio file',
    article: 'an',
    extensions: ['aac'],
    mimeTypes: ['audio/aac', 'audio/x-aac'],
  }),
  audio({
    id: 'flac',
    label: 'FLAC audio file',
    article: 'a',
    extensions: ['flac'],
    mimeTypes: ['audio/flac', 'audio/x-flac'],
  }),
  audio({
    id: 'ogg',
    label: 'Ogg Vorbis audio file',
    article: 'an',
    extensions: ['ogg', 'oga'],
    mimeTypes: ['audio/ogg'],
  }),
  audio({ id: 'opus', label: 'Opus audio file', article: 'an', extensions: ['opus'], mimeTypes: ['audio/opus'] }),
  audio({ id: 'weba', label: 'WebM audio file', article: 'a', extensions: ['weba'], mimeTypes: ['audio/webm'] }),
  image({ id: 'jpg', label: 'JPEG image', article: 'a', extensions: ['jpg', 'jpeg'], mimeTypes: ['image/jpeg'] }),
  image({ id: 'png', label: 'PNG image', article: 'a', extensions: ['png'], mimeTypes: ['image/png'] }),
  image({ id: 'webp', label: 'WebP image', article: 'a', extensions: ['webp'], mimeTypes: ['image/webp'] }),
  {
    id: 'srt',
    label: 'SRT subtitle file',
    article: 'an',
    category: 'subtitle',
    extensions: ['srt'],
    mimeTypes: ['application/x-subrip', 'text/srt'],
  },
];

export function formatsOf(category: MediaCategory): MediaFormat[] {
  return MEDIA_FORMATS.filter((format) => format.category === category);
}

export function findFormat(id: string): MediaFormat | undefined {
  return MEDIA_FORMATS.find((format) => format.id === id);
}

/** Every extension of a category, each once, in the list's order. */
export function extensionsOf(category: MediaCategory): string[] {
  return [...new Set(formatsOf(category).flatMap((format) => format.extensions))];
}

/** `.wav .mp3 .m4a` for schema descriptions and docs. */
export function extensionsText(category: MediaCategory): string {
  return extensionsOf(category)
    .map((extension) => `.${extension}`)
    .join(' ');
}

/** "an MP4 video" */
export function describeFormat(format: MediaFormat): string {
  return `${format.article} ${format.label}`;
}

/** What the `*_url` fields of each category accept, by extension (the content decides; a name is only a hint). */
export const VIDEO_EXTENSIONS = extensionsOf('video');
export const AUDIO_EXTENSIONS = extensionsOf('audio');
export const IMAGE_EXTENSIONS = extensionsOf('image');
