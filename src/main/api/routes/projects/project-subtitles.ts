// A project's tracks as SRT files: download one, replace one from an upload (docs/api.md "Projects").
import { DubDeskError } from '../../../../shared/errors.js';
import { ProjectIdParams, ProjectSchema, SubtitleTrackQuery } from '../../../../shared/schemas/projects.js';
import type { ProjectService } from '../../../projects/project-service.js';
import type { App } from '../../app-types.js';
import type { UrlsFor } from './urls-for.js';

/** An uploaded SRT can be a few MB for a film; anything bigger is not a subtitle file. */
const SRT_BODY_LIMIT = 20 * 1024 * 1024;

/** Subtitle uploads arrive as bytes: their encoding is detected (an SRT from Windows is often not UTF-8). */
export function acceptSubtitleFiles(app: App): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    ['text/plain', 'application/x-subrip', 'application/octet-stream', 'text/srt'],
    { parseAs: 'buffer', bodyLimit: SRT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
}

export interface ProjectSubtitleRoutesOptions {
  projects: Pick<ProjectService, 'subtitles' | 'replaceSubtitles'>;
  urlsFor?: UrlsFor;
}

/** Register where acceptSubtitleFiles ran (the same plugin or one inside it), or an SRT body is refused. */
export async function projectSubtitleRoutes(
  app: App,
  { projects, urlsFor }: ProjectSubtitleRoutesOptions,
): Promise<void> {
  app.get(
    '/v1/projects/:project_id/subtitles',
    {
      config: {
        operationId: 'getProjectSubtitles',
        summary: 'A track as SRT',
        description: 'The source, target (default) or bilingual track of the project as an SRT file.',
        responseContent: { 200: { 'application/x-subrip': { schema: { type: 'string' } } } },
      },
      schema: { params: ProjectIdParams, querystring: SubtitleTrackQuery },
    },
    async (request, reply) => {
      const srt = await projects.subtitles(request.params.project_id, request.query.track ?? 'target');
      return reply
        .header('content-type', 'application/x-subrip; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="project-${request.params.project_id}.${request.query.track ?? 'target'}.srt"`,
        )
        .send(srt);
    },
  );

  app.put(
    '/v1/projects/:project_id/subtitles',
    {
      config: {
        operationId: 'replaceProjectSubtitles',
        summary: 'Replace a track from an SRT',
        description:
          'Replaces the source or target texts from an SRT file (the body, in any encoding) with as ' +
          'many cues as the project has segments, none over 2,000 characters; otherwise ' +
          '`invalid_subtitle`.',
        errors: ['invalid_subtitle', 'conflict'],
        requestContent: {
          'application/x-subrip': { schema: { type: 'string' } },
          'text/plain': { schema: { type: 'string' } },
        },
      },
      schema: { params: ProjectIdParams, querystring: SubtitleTrackQuery, response: { 200: ProjectSchema } },
    },
    async (request) => {
      const track = request.query.track ?? 'target';
      if (track === 'bilingual')
        throw new DubDeskError(
          'invalid_request',
          'Only the source or the target track can be replaced from an SRT; the bilingual track is made from both.',
        );
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new DubDeskError(
          'invalid_request',
          'Send the SRT file itself as the body (content-type application/x-subrip or text/plain).',
        );
      }
      return projects.replaceSubtitles(request.params.project_id, track, request.body, urlsFor?.(request));
    },
  );
}
