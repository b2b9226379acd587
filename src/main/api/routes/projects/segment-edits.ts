// Editing a project's segments: change one, split one, merge neighbours (docs/api.md "Projects").
import {
  EditedSegmentSchema,
  MergeBodySchema,
  ProjectIdParams,
  SegmentIdParams,
  SegmentPatchSchema,
  SegmentsAnswerSchema,
  SplitBodySchema,
} from '../../../../shared/schemas/projects.js';
import type { ProjectService } from '../../../projects/project-service.js';
import type { App } from '../../app-types.js';

export interface SegmentEditRoutesOptions {
  projects: Pick<ProjectService, 'patch' | 'split' | 'merge'>;
}

export async function segmentEditRoutes(app: App, { projects }: SegmentEditRoutesOptions): Promise<void> {
  app.patch(
    '/v1/projects/:project_id/segments/:segment_id',
    {
      config: {
        operationId: 'updateSegment',
        summary: 'Edit a segment',
        description:
          'Changes text, time, speaker or voice of a segment read at `revision`; a segment changed ' +
          'since (or split or merged away) answers `conflict`. ' +
          'A translate line whose text, voice, speaker or time changed is queued to be spoken again ' +
          'to measure its fit: the answer (the saved segment, `fit` null) ' +
          'comes at once with a `speech_id`, and the `line_spoken` event of GET /v1/events with ' +
          'that id brings the fitted segment. Texts hold at most 2,000 characters.',
        errors: ['conflict'],
      },
      schema: { params: SegmentIdParams, body: SegmentPatchSchema, response: { 200: EditedSegmentSchema } },
    },
    async (request) => projects.patch(request.params.project_id, request.params.segment_id, request.body),
  );

  app.post(
    '/v1/projects/:project_id/segments/:segment_id/split',
    {
      config: {
        operationId: 'splitSegment',
        summary: 'Split a segment in two',
        description:
          'Splits at `at` seconds, strictly inside the segment; both texts are cut at the nearest ' +
          'word. With `revision`, a stale segment answers `conflict`.',
        errors: ['conflict'],
      },
      schema: { params: SegmentIdParams, body: SplitBodySchema, response: { 200: SegmentsAnswerSchema } },
    },
    async (request) =>
      projects.split(request.params.project_id, request.params.segment_id, request.body.at, request.body.revision),
  );

  app.post(
    '/v1/projects/:project_id/segments/merge',
    {
      config: {
        operationId: 'mergeSegments',
        summary: 'Merge neighbouring segments',
        description:
          'Merges segments that follow each other into one whose texts are joined; segments that ' +
          'are not neighbours, or a merged text over 2,000 characters, answer `invalid_request`.',
        errors: ['conflict'],
      },
      schema: { params: ProjectIdParams, body: MergeBodySchema, response: { 200: SegmentsAnswerSchema } },
    },
    async (request) => projects.merge(request.params.project_id, request.body.segment_ids),
  );
}
