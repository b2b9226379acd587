// A project's subtitle tracks: one read as SRT, or its texts replaced from an SRT with one cue per line.
import type { Project, SubtitleTrack } from '../../shared/schemas/projects.js';
import type { ProjectsRepository } from '../store/projects-repository.js';
import { checkLineTexts } from './line-limits.js';
import type { ProjectUrls } from './project-reads.js';
import { projectSrt, textsFromSrt } from './subtitle-tracks.js';

export interface ProjectSubtitleDeps {
  projects: ProjectsRepository;
  /** The project as the API hands it out (project-reads.ts), what a replacement answers. */
  get(projectId: string, urls?: ProjectUrls): Promise<Project>;
  now(): number;
}

export function createProjectSubtitles(deps: ProjectSubtitleDeps) {
  const { projects, now } = deps;
  return {
    async subtitles(projectId: string, track: SubtitleTrack): Promise<string> {
      await projects.require(projectId);
      return projectSrt(await projects.segments(projectId), track);
    },

    /** Replaces one track's texts from an SRT with as many cues as the project has lines. */
    async replaceSubtitles(
      projectId: string,
      track: 'source' | 'target',
      file: Buffer,
      urls?: ProjectUrls,
    ): Promise<Project> {
      const segments = await projects.segments(projectId);
      const texts = textsFromSrt(file, segments.length);
      const field = track === 'source' ? 'sourceText' : 'targetText';
      for (const [i, text] of texts.entries()) {
        const line = { sourceText: '', targetText: '', [field]: text };
        checkLineTexts(
          line,
          `Cue ${i + 1} of the SRT`,
          'Shorten it, or split the line in the project first.',
          'invalid_subtitle',
        );
      }
      await projects.replaceTexts(
        projectId,
        field,
        segments.map((segment, i) => ({ id: segment.id, text: texts[i]! })),
        now(),
      );
      return deps.get(projectId, urls);
    },
  };
}
