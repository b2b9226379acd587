// Pure: which jobs fit a set of dropped files, and which files each job of a batch takes.
import { stemOf, type FileKind } from './file-kinds.js';

export interface StagedFileRef {
  id: string;
  name: string;
  kind: FileKind;
}

export type JobChoice = 'translate' | 'lipsync' | 'frame_translate';

/** One job of a batch: the files it takes, by role. */
export interface TranslateJobPlan<T extends StagedFileRef = StagedFileRef> {
  media: T;
  subtitle?: T;
}
export interface LipsyncJobPlan<T extends StagedFileRef = StagedFileRef> {
  reference: T;
  audio?: T;
}
export interface FrameTranslateJobPlan<T extends StagedFileRef = StagedFileRef> {
  video: T;
}

export interface JobOffer {
  /** A JobChoice, or the id of a kind offered from GET /v1/meta alone (kind-offers.ts). */
  choice: string;
  /** How many jobs the batch makes. */
  count: number;
  title: string;
  description: string;
}

const byKind = <T extends StagedFileRef>(files: readonly T[], ...kinds: FileKind[]): T[] =>
  files.filter((file) => kinds.includes(file.kind));

/** The subtitle that belongs to a media file: the only one, else one whose name starts with the media's stem. */
export function subtitleFor<T extends StagedFileRef>(
  media: T,
  subtitles: readonly T[],
  mediaCount: number,
): T | undefined {
  if (subtitles.length === 1 && mediaCount === 1) return subtitles[0];
  const stem = stemOf(media.name).toLowerCase();
  const matches = subtitles.filter((subtitle) => {
    const subtitleStem = stemOf(subtitle.name).toLowerCase();
    return subtitleStem === stem || subtitleStem.startsWith(`${stem}.`);
  });
  return matches[0];
}

export function planTranslate<T extends StagedFileRef>(files: readonly T[]): TranslateJobPlan<T>[] {
  const media = byKind(files, 'video', 'audio');
  const subtitles = byKind(files, 'subtitle');
  return media.map((item) => {
    const subtitle = subtitleFor(item, subtitles, media.length);
    return subtitle ? { media: item, subtitle } : { media: item };
  });
}

/**
 * One reference with several audios (or the reverse) makes one job per file on the many side;
 * several of each pair up by name order; a video alone is lip-synced to its own audio.
 */
export function planLipsync<T extends StagedFileRef>(files: readonly T[]): LipsyncJobPlan<T>[] {
  const references = byKind(files, 'image', 'video');
  const audios = byKind(files, 'audio');
  if (audios.length === 0) return byKind(files, 'video').map((reference) => ({ reference }));
  if (references.length === 1) return audios.map((audio) => ({ reference: references[0], audio }));
  if (audios.length === 1) return references.map((reference) => ({ reference, audio: audios[0] }));
  const sortedReferences = [...references].sort((a, b) => a.name.localeCompare(b.name));
  const sortedAudios = [...audios].sort((a, b) => a.name.localeCompare(b.name));
  return sortedReferences.slice(0, sortedAudios.length).map((reference, i) => ({ reference, audio: sortedAudios[i] }));
}

export function planFrameTranslate<T extends StagedFileRef>(files: readonly T[]): FrameTranslateJobPlan<T>[] {
  return byKind(files, 'video').map((video) => ({ video }));
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The jobs these files can start, the likeliest first. */
export function offersFor(files: readonly StagedFileRef[]): JobOffer[] {
  const offers: JobOffer[] = [];
  const translate = planTranslate(files);
  const lipsync = planLipsync(files);
  const frame = planFrameTranslate(files);
  // A face picture with an audio, or a video with an audio and no subtitles, is almost surely meant for lip-sync.
  const audios = byKind(files, 'audio').length;
  const lipsyncFirst =
    audios > 0 &&
    (byKind(files, 'image').length > 0 ||
      (byKind(files, 'video').length > 0 && byKind(files, 'subtitle').length === 0));
  const lipsyncOffer: JobOffer | undefined =
    lipsync.length > 0
      ? {
          choice: 'lipsync',
          count: lipsync.length,
          title: 'Lip-sync',
          description:
            `Make the face in ${plural(lipsync.length, 'picture or video', 'pictures or videos')} ` +
            `speak ${lipsync.some((plan) => plan.audio) ? 'the audio' : "the video's own audio"}.`,
        }
      : undefined;
  if (lipsyncOffer && lipsyncFirst) offers.push(lipsyncOffer);
  if (translate.length > 0) {
    const withSubtitles = translate.filter((plan) => plan.subtitle).length;
    offers.push({
      choice: 'translate',
      count: translate.length,
      title: 'Translate and dub',
      description:
        `Dub ${plural(translate.length, 'file', 'files')} into another ` +
        `language${withSubtitles ? `, with ${plural(withSubtitles, 'subtitle file', 'subtitle files')}` : ''}.`,
    });
  }
  if (lipsyncOffer && !lipsyncFirst) offers.push(lipsyncOffer);
  if (frame.length > 0) {
    offers.push({
      choice: 'frame_translate',
      count: frame.length,
      title: 'Visual translation',
      description: `Translate the text shown in ${plural(frame.length, 'video', 'videos')}.`,
    });
  }
  return offers;
}
