// Which of a project's synthesized takes stay: those of its last export and those its current lines sound like.
// Every other take was superseded by an edit; past the cap, the takes unused the longest go too.
import type { Engines } from '../engines/registry.js';
import { EXPORT_CLIP_USER, pruneClipCache, type ClipPrune } from '../dubbing/clip-cache.js';
import type { ProjectRecord, SegmentRecord } from '../store/projects-repository.js';
import { lineTakesUser, lineVoice } from './line-voice.js';

/**
 * One project's clip cache at most (docs/api.md "Projects"): eSpeak's takes are about 90 MB of FLAC an hour, so this
 * holds a film's lines several times over.
 */
export const PROJECT_CLIP_CACHE_CAP_BYTES = 512 * 1024 * 1024;

/** The cache users still needed: the last export, and each current line by what it sounds like now. */
export function clipUsersOf(
  project: Pick<ProjectRecord, 'speakerVoices' | 'targetLanguage'>,
  segments: readonly SegmentRecord[],
  engines: Engines,
): Set<string> {
  const users = new Set([EXPORT_CLIP_USER]);
  for (const segment of segments) {
    if (!segment.targetText.trim()) continue;
    try {
      users.add(lineTakesUser(segment.targetText, lineVoice(segment, project, engines)));
    } catch {
      // A cloning voice speaks only in an export, whose takes the export's own record keeps.
    }
  }
  return users;
}

export function pruneProjectClips(
  dir: string,
  project: Pick<ProjectRecord, 'speakerVoices' | 'targetLanguage'>,
  segments: readonly SegmentRecord[],
  engines: Engines,
  capBytes = PROJECT_CLIP_CACHE_CAP_BYTES,
): Promise<ClipPrune> {
  return pruneClipCache(dir, { users: clipUsersOf(project, segments, engines), capBytes });
}
