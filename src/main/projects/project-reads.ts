// A project, or the list of them, as the API hands it out: with its links under the address a request came to.
import type { Project, ProjectSummary } from '../../shared/schemas/projects.js';
import type { FileStore } from '../files/file-store.js';
import type { ProjectRecord, ProjectsRepository } from '../store/projects-repository.js';
import { projectSummaryView, projectView } from './project-view.js';

/** A project's links under one base URL: a published file's signed URL and the project's GUI address. */
export interface ProjectUrls {
  file(fileId: string): string;
  project(projectId: string): string;
}

export interface ProjectReadDeps {
  projects: ProjectsRepository;
  files: FileStore;
  /** The service's own links, used when a read names no address. */
  ownUrls: ProjectUrls;
  /** The project, with the voices its first finished export chose (export-voices.ts). */
  adoptExportVoices(project: ProjectRecord): Promise<ProjectRecord>;
}

export function createProjectReads(deps: ProjectReadDeps) {
  const { projects, files, adoptExportVoices } = deps;
  // `urls`: under the address the request came to (docs/api.md "URLs"); the service's own without one.
  const links = async (project: ProjectRecord, urls = deps.ownUrls) => ({
    projectUrl: urls.project(project.id),
    ...(project.mediaFileId && (await files.get(project.mediaFileId))
      ? { mediaUrl: urls.file(project.mediaFileId) }
      : {}),
    exportTaskIds: await projects.exports(project.id),
  });

  return {
    async list(taskId?: string, urls?: ProjectUrls): Promise<ProjectSummary[]> {
      const found = taskId
        ? [await projects.byTask(taskId)].filter((project): project is ProjectRecord => Boolean(project))
        : await projects.list();
      return Promise.all(
        found.map(async (project) =>
          projectSummaryView(project, {
            ...(await links(project, urls)),
            segmentCount: await projects.segmentCount(project.id),
          }),
        ),
      );
    },

    async get(projectId: string, urls?: ProjectUrls): Promise<Project> {
      const project = await adoptExportVoices(await projects.require(projectId));
      return projectView(project, await projects.segments(project.id), await links(project, urls));
    },
  };
}
