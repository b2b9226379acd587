// The projects themselves: list, read, waveform and delete (docs/api.md "Projects").
import { Type } from 'typebox';
import {
  ProjectIdParams,
  ProjectListQuery,
  ProjectListSchema,
  ProjectSchema,
} from '../../../../shared/schemas/projects.js';
import type { ProjectService } from '../../../projects/project-service.js';
import type { App } from '../../app-types.js';
import type { UrlsFor } from './urls-for.js';

export interface ProjectRecordRoutesOptions {
  projects: Pick<ProjectService, 'list' | 'get' | 'waveform' | 'delete'>;
  urlsFor?: UrlsFor;
}

export async function projectRecordRoutes(app: App, { projects, urlsFor }: ProjectRecordRoutesOptions): Promise<void> {
  app.get(
    '/v1/projects',
    {
      config: {
        operationId: 'listProjects',
        summary: 'List editable projects',
        description:
          'Projects of translate and visual translate jobs made with `project_mode=editable` or ' +
          '`enable_proofreading`, newest first; `task_id` gives the project of that task.',
      },
      schema: { querystring: ProjectListQuery, response: { 200: ProjectListSchema } },
    },
    async (request) => ({ projects: await projects.list(request.query.task_id, urlsFor?.(request)) }),
  );

  app.get(
    '/v1/projects/:project_id',
    {
      config: {
        operationId: 'getProject',
        summary: 'One project with its segments',
        description:
          'The project and its segments in time order, each with its source and target text, ' +
          'speaker, voice, fit and `revision` (send it back with an edit).',
      },
      schema: { params: ProjectIdParams, response: { 200: ProjectSchema } },
    },
    async (request) => projects.get(request.params.project_id, urlsFor?.(request)),
  );

  app.get(
    '/v1/projects/:project_id/waveform',
    {
      config: {
        operationId: 'getProjectWaveform',
        summary: "The input audio's waveform",
        description:
          "`points` peaks (0..1) of the input's audio, evenly spread over its duration, for drawing a timeline.",
      },
      schema: {
        params: ProjectIdParams,
        querystring: Type.Object({
          points: Type.Optional(Type.Integer({ minimum: 10, maximum: 20000, default: 2000 })),
        }),
        response: { 200: Type.Object({ duration: Type.Number(), peaks: Type.Array(Type.Number()) }) },
      },
    },
    async (request) => projects.waveform(request.params.project_id, request.query.points ?? 2000),
  );

  app.delete(
    '/v1/projects/:project_id',
    {
      config: {
        operationId: 'deleteProject',
        summary: 'Delete a project',
        description: 'Deletes the project and its files; its task and the tasks exported from it stay.',
        responseContent: { 204: {} },
      },
      schema: { params: ProjectIdParams },
    },
    async (request, reply) => {
      await projects.delete(request.params.project_id);
      return reply.status(204).send();
    },
  );
}
