// The groups of the OpenAPI document, by path prefix: generators name their client classes after them.

export const API_TAGS = [
  {
    name: 'Lip-sync',
    description:
      'Lip-sync jobs, from a reference video or photo or from a reusable lip-sync model, and the reusable models.',
  },
  {
    name: 'Translate and dub',
    description: 'Transcribe, translate and re-voice a video or audio file, with subtitles.',
  },
  {
    name: 'Visual translate',
    description: 'Find on-screen text in a video, erase it and draw its translation in place.',
  },
  { name: 'Tasks', description: 'Every job as a task: list, follow, cancel, retry, delete; the live event stream.' },
  {
    name: 'Projects',
    description: 'Editable projects of translate and visual translate jobs: proofread, re-voice, export again.',
  },
  { name: 'Files', description: 'Uploads, and the result files that status records link to.' },
  { name: 'Library', description: 'Voices, subtitle styles and glossaries that jobs refer to by id.' },
  { name: 'Models', description: 'The model catalogue: what is installed, install and remove.' },
  { name: 'Keys and settings', description: 'API keys and their roles, and the service settings.' },
  { name: 'Service', description: 'Health, capabilities, job kinds, languages and this document.' },
] as const;

type TagName = (typeof API_TAGS)[number]['name'];

// First match wins, so the longer prefixes come first.
const TAG_BY_PREFIX: ReadonlyArray<readonly [string, TagName]> = [
  ['/v1/video_generation', 'Lip-sync'],
  ['/v1/reusable_lipsync_model', 'Lip-sync'],
  ['/v1/media/translate', 'Translate and dub'],
  ['/v1/media/frame_translate', 'Visual translate'],
  ['/v1/tasks', 'Tasks'],
  ['/v1/events', 'Tasks'],
  ['/v1/projects', 'Projects'],
  ['/v1/files', 'Files'],
  ['/v1/voices', 'Library'],
  ['/v1/subtitle_styles', 'Library'],
  ['/v1/glossaries', 'Library'],
  ['/v1/models', 'Models'],
  ['/v1/keys', 'Keys and settings'],
  ['/v1/settings', 'Keys and settings'],
];

/** The group of a path; a route of a new prefix lands in 'Service' until it gets one here. */
export function apiTagOf(path: string): TagName {
  return TAG_BY_PREFIX.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'Service';
}
