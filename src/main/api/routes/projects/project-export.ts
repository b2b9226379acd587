// A project exported as a new task of its kind (docs/api.md "Projects").
import { Type } from 'typebox';
import { TaskReferenceSchema } from '../../../../shared/schemas/common.js';
import { ExportBodySchema, ProjectIdParams } from '../../../../shared/schemas/projects.js';
import type { ProjectService } from '../../../projects/project-service.js';
import type { App } from '../../app-types.js';

export interface ProjectExportRoutesOptions {
  projects: Pick<ProjectService, 'export'>;
}

export async function projectExportRoutes(app: App, { projects }: ProjectExportRoutesOptions): Promise<void> {
  app.post(
    '/v1/projects/:project_id/export',
    {
      config: {
        operationId: 'exportProject',
        summary: 'Export the project as a new task',
        description:
          "Creates a task of the project's kind from its lines, reusing the work of every unchanged " +
          'line, and answers its `task_id` (follow it as any task).',
        errors: ['conflict', 'rate_limited', 'conflicting_fields', 'model_not_installed', 'pipeline_unavailable'],
      },
      schema: {
        params: ProjectIdParams,
        body: Type.Optional(ExportBodySchema),
        response: { 200: TaskReferenceSchema },
      },
    },
    async (request) => projects.export(request.params.project_id, request.body?.export_type),
  );
}
