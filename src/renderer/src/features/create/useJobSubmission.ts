import { useState } from 'react';
import type { TSchema } from 'typebox';
import { ApiError, type ApiClient } from '../../api/client.js';
import { createRouteOf, useKinds } from '../../stores/kinds.js';
import { fieldForError } from './error-fields.js';
import { validateBody, type FieldErrors } from './validation.js';
import { hashText } from '../../lib/hash.js';

const newNonce = () => Math.random().toString(36).slice(2, 10);
/** Renewed after each batch that fully started, so the next identical request makes a new task. */
let submissionNonce = newNonce();

/** One task to create: its body and, for messages, the name of the file it is about. */
export interface PreparedJob {
  body: Record<string, unknown>;
  label: string;
}

/** Fields that differ per job of a batch: their errors are keyed `field@index`. */
export const PER_JOB_FIELDS = new Set(['media_url', 'subtitle_url', 'reference_file_url', 'audio_url', 'video_url']);

/** Pure: where an error of job `index` of `count` is shown, and its words (naming the file in a batch). */
export function placeError(
  field: string,
  message: string,
  index: number,
  count: number,
  label: string,
  shownFields: ReadonlySet<string>,
): [string, string] {
  const key = PER_JOB_FIELDS.has(field) ? `${field}@${index}` : field;
  const words = count > 1 && !PER_JOB_FIELDS.has(field) ? `${label}: ${message}` : message;
  return shownFields.has(field) ? [key, words] : ['form', `${field === 'form' ? '' : `${field}: `}${words}`];
}

/**
 * Validates every job of a batch with the shared schema (`null`: a kind the GUI has none for; the service checks),
 * then creates them one by one.
 */
export function useJobSubmission(
  client: ApiClient,
  kind: string,
  schema: TSchema | null,
  shownFields: readonly string[],
  onDone: (taskIds: string[]) => void,
  initialErrors: FieldErrors = {},
) {
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  const [submitting, setSubmitting] = useState(false);
  const shown = new Set(shownFields);

  async function submit(jobs: readonly PreparedJob[]) {
    const found: FieldErrors = {};
    jobs.forEach((job, index) => {
      for (const [field, message] of Object.entries(schema ? validateBody(schema, job.body) : {})) {
        const [key, words] = placeError(field, message, index, jobs.length, job.label, shown);
        found[key] ??= words;
      }
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setSubmitting(true);
    const created: string[] = [];
    try {
      for (const [index, job] of jobs.entries()) {
        try {
          const route = createRouteOf(await useKinds.getState().load(client), kind);
          if (!route)
            throw new ApiError(
              'not_found',
              `This service does not list the job kind '${kind}' in GET /v1/meta; it may be a different version.`,
              0,
            );
          // The same job sent again after a partly failed batch answers with the task it already made.
          const { task_id: taskId } = await client.createTask(
            route,
            job.body,
            `gui-${submissionNonce}-${hashText(JSON.stringify(job.body))}`,
          );
          created.push(taskId);
        } catch (error) {
          const apiError = error instanceof ApiError ? error : new ApiError('internal', String(error), 0);
          const field = fieldForError(apiError.code, apiError.message, shownFields);
          const [key, words] = placeError(field, apiError.message, index, jobs.length, job.label, shown);
          const started =
            created.length > 0
              ? ` (${created.length} of ${jobs.length} tasks were started; they are in the queue.)`
              : '';
          setErrors({ [key]: words + started });
          return;
        }
      }
      submissionNonce = newNonce();
      onDone(created);
    } finally {
      setSubmitting(false);
    }
  }

  return { errors, setErrors, submitting, submit };
}
