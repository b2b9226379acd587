// The project editor's calls (docs/api.md "Projects"): one typed call each, spread into the renderer's client.
import { answerOf, type components, type DubDeskHttp, type paths } from '../../../shared/api/http-client.js';
import type { SubtitleTrack } from '../../../shared/schemas/projects.js';
import { withoutEmpty } from './without-empty.js';

type SegmentPatch = components['schemas']['SegmentPatch'];
export type ProjectExportType = NonNullable<
  NonNullable<
    paths['/v1/projects/{project_id}/export']['post']['requestBody']
  >['content']['application/json']['export_type']
>;

export function projectCalls(http: DubDeskHttp) {
  const project = (project_id: string) => ({ params: { path: { project_id } } });
  const segment = (project_id: string, segment_id: string) => ({ params: { path: { project_id, segment_id } } });
  return {
    // Editable projects (docs/api.md "Projects"); a stale revision answers ApiError code `conflict`.
    project: (project_id: string) => answerOf(http.GET('/v1/projects/{project_id}', project(project_id))),
    projects: async (task_id?: string) =>
      (await answerOf(http.GET('/v1/projects', { params: { query: withoutEmpty({ task_id }) } }))).projects,
    patchSegment: (project_id: string, segment_id: string, patch: SegmentPatch) =>
      answerOf(
        http.PATCH('/v1/projects/{project_id}/segments/{segment_id}', {
          ...segment(project_id, segment_id),
          body: patch,
        }),
      ),
    /** `at`: seconds, strictly inside the segment. */
    splitSegment: (project_id: string, segment_id: string, at: number, revision?: number) =>
      answerOf(
        http.POST('/v1/projects/{project_id}/segments/{segment_id}/split', {
          ...segment(project_id, segment_id),
          body: revision === undefined ? { at } : { at, revision },
        }),
      ),
    mergeSegments: (project_id: string, segmentIds: string[]) =>
      answerOf(
        http.POST('/v1/projects/{project_id}/segments/merge', {
          ...project(project_id),
          body: { segment_ids: segmentIds },
        }),
      ),
    synthesizeSegment: (project_id: string, segment_id: string) =>
      answerOf(
        http.POST('/v1/projects/{project_id}/segments/{segment_id}/synthesize', segment(project_id, segment_id)),
      ),
    translateSegment: (project_id: string, segment_id: string) =>
      answerOf(http.POST('/v1/projects/{project_id}/segments/{segment_id}/translate', segment(project_id, segment_id))),
    /** null: the voice the export chooses for the speaker. */
    setSpeakerVoice: (project_id: string, speaker: string, voiceId: string | null) =>
      answerOf(
        http.POST('/v1/projects/{project_id}/speakers/voice', {
          ...project(project_id),
          body: { speaker, voice_id: voiceId },
        }),
      ),
    exportProject: (project_id: string, exportType?: ProjectExportType) =>
      answerOf(
        http.POST('/v1/projects/{project_id}/export', {
          ...project(project_id),
          body: exportType ? { export_type: exportType } : {},
        }),
      ),
    /** One track as SRT text. */
    subtitles: (project_id: string, track: SubtitleTrack) =>
      answerOf(
        http.GET('/v1/projects/{project_id}/subtitles', {
          params: { path: { project_id }, query: { track } },
          parseAs: 'text',
        }),
      ) as Promise<string>,
    /** Replaces the source or target texts from an SRT with the project's cue count (else 400 invalid_subtitle). */
    putSubtitles: (project_id: string, track: 'source' | 'target', srt: string) =>
      answerOf(
        http.PUT('/v1/projects/{project_id}/subtitles', {
          params: { path: { project_id }, query: { track } },
          body: srt,
          // The SRT goes as it is, not as JSON.
          bodySerializer: (text: string) => text,
          headers: { 'Content-Type': 'application/x-subrip' },
        }),
      ),
    deleteProject: (project_id: string) => answerOf(http.DELETE('/v1/projects/{project_id}', project(project_id))),
    waveform: (project_id: string, points: number) =>
      answerOf(
        http.GET('/v1/projects/{project_id}/waveform', {
          params: { path: { project_id }, query: { points: Math.round(points) } },
        }),
      ),
  };
}
