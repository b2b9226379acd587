// /v1/projects: editable projects of translate and visual translate jobs (docs/api.md "Projects").
import type { FastifyRequest } from 'fastify';
import type { ProjectService } from '../../projects/project-service.js';
import type { ResultUrlOf } from '../../queue/status-record.js';
import type { App } from '../app-types.js';
import { lineRedoRoutes } from './projects/line-redo.js';
import { projectExportRoutes } from './projects/project-export.js';
import { projectRecordRoutes } from './projects/project-records.js';
import { acceptSubtitleFiles, projectSubtitleRoutes } from './projects/project-subtitles.js';
import { segmentEditRoutes } from './projects/segment-edits.js';
import { speakerVoiceRoutes } from './projects/speaker-voices.js';

export interface ProjectRoutesOptions {
  projects: ProjectService;
  /** URLs under the address a request came to (all-interfaces bind); the service's own when not given. */
  urlsFor?(request: FastifyRequest): ResultUrlOf;
}

/** The project routes, one plugin per group; each gets only the service methods it calls. */
export async function projectRoutes(app: App, { projects, urlsFor }: ProjectRoutesOptions): Promise<void> {
  // Set here, not in the subtitles plugin, so every project route parses bodies as it always has.
  acceptSubtitleFiles(app);
  await app.register(projectRecordRoutes, { projects, urlsFor });
  await app.register(segmentEditRoutes, { projects });
  await app.register(lineRedoRoutes, { projects });
  await app.register(speakerVoiceRoutes, { projects });
  await app.register(projectExportRoutes, { projects });
  await app.register(projectSubtitleRoutes, { projects, urlsFor });
}
