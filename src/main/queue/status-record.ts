import type { Static } from 'typebox';
import { cloudStatus } from '../../shared/jobs.js';
import type { TaskSummarySchema } from '../../shared/schemas/jobs.js';
import type { TaskRecord } from '../store/tasks-repository.js';
import type { StatusShape } from '../pipelines/kind.js';

/** Turns a result's ids into absolute URLs: a published file's signed URL (no Authorization header needed), a project's GUI address. */
export interface ResultUrlOf {
  file(fileId: string): string;
  project(projectId: string): string;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function statusCore(task: TaskRecord) {
  return {
    task_id: task.id,
    progress: Math.round(task.progress * 1000) / 1000,
    stage: task.stage,
    stage_progress: Math.round(task.stageProgress * 1000) / 1000,
    created_at: iso(task.createdAt),
    updated_at: iso(task.updatedAt),
    ...(task.errCode ? { err_code: task.errCode, err_message: task.errMessage ?? '' } : {}),
    // Only when there are some, so clients written for the cloud API see nothing new otherwise.
    ...(task.warnings.length ? { warnings: task.warnings } : {}),
    // Measured on the result once the job is done (docs/api.md "Quality report").
    ...(task.status === 'done' && task.quality ? { quality: task.quality } : {}),
  };
}

/** Result ids by role -> `{video_url, audio_url, subtitle_url, subtitle_vtt_url, subtitle_ass_url, project_url}`. */
function resultUrls(task: TaskRecord, urlOf: ResultUrlOf): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const [role, id] of Object.entries(task.result ?? {})) {
    urls[`${role}_url`] = role === 'project' ? urlOf.project(id) : urlOf.file(id);
  }
  return urls;
}

/**
 * The body of a kind's cloud-shaped status route, which callbacks also carry (docs/api.md "Status records").
 * The kind module's shape says where the URLs go: video_url at the top level (lip-sync kinds) or under result.
 */
export function cloudStatusRecord(task: TaskRecord, urlOf: ResultUrlOf, shape: StatusShape): Record<string, unknown> {
  const status = cloudStatus(task.status);
  const urls = resultUrls(task, urlOf);
  if (shape === 'top_level_video') {
    return { ...statusCore(task), status, ...(urls.video_url ? { video_url: urls.video_url } : {}) };
  }
  return { ...statusCore(task), status, ...(Object.keys(urls).length ? { result: urls } : {}) };
}

/** The richer record of the local task routes and SSE: any kind, with stage, input name and `cancelled`. */
export type TaskSummary = Static<typeof TaskSummarySchema>;

export function taskSummary(task: TaskRecord, urlOf: ResultUrlOf): TaskSummary {
  const urls = resultUrls(task, urlOf);
  return {
    ...statusCore(task),
    kind: task.kind,
    status: task.status,
    input_name: task.inputName,
    attempts: task.attempts,
    retry_of: task.retryOf,
    ...(Object.keys(urls).length ? { result: urls } : {}),
    ...(urls.video_url && (task.kind === 'lipsync' || task.kind === 'reusable_lipsync')
      ? { video_url: urls.video_url }
      : {}),
  };
}
