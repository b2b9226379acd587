// The contract's job kinds, their public states and routes (docs/api.md "Status records"). Pure: shared by core and
// renderer. Each kind's module (src/main/pipelines/<kind>/kind.ts) declares the rest and points at these.

export const JOB_KINDS = ['lipsync', 'reusable_lipsync', 'translate', 'frame_translate'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/**
 * The public status values of each kind, in the only order a job may move through them.
 * `cancelled` is the local final state; the cloud-shaped routes report it as failed + err_code=cancelled.
 */
export const KIND_STATUSES = {
  lipsync: ['pending', 'processing', 'done', 'failed', 'cancelled'],
  reusable_lipsync: ['pending', 'processing', 'done', 'failed', 'cancelled'],
  translate: [
    'queuing',
    'preprocessing',
    'transcribing',
    'translating',
    'dubbing',
    'rendering',
    'done',
    'failed',
    'cancelled',
  ],
  frame_translate: ['queuing', 'processing', 'done', 'failed', 'cancelled'],
} as const satisfies Record<JobKind, readonly string[]>;

export type KindStatus<K extends JobKind> = (typeof KIND_STATUSES)[K][number];
export type JobStatus = KindStatus<JobKind>;
export const FINAL_STATUSES = ['done', 'failed', 'cancelled'] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];

export function isFinalStatus(status: string): status is FinalStatus {
  return (FINAL_STATUSES as readonly string[]).includes(status);
}

export function initialStatus(kind: JobKind): JobStatus {
  return KIND_STATUSES[kind][0];
}

/** The transitions table of a built-in kind (see canMove). */
export function canTransition(kind: JobKind, from: string, to: string): boolean {
  return canMove(KIND_STATUSES[kind], from, to);
}

/** The transitions table over a kind's ordered states: forward only through the working states; any non-final state may end. */
export function canMove(order: readonly string[], from: string, to: string): boolean {
  const fromIndex = order.indexOf(from);
  const toIndex = order.indexOf(to);
  if (fromIndex < 0 || toIndex < 0 || isFinalStatus(from)) return false;
  if (isFinalStatus(to)) return true;
  return toIndex >= fromIndex;
}

/** The status a cloud-shaped status route shows: `cancelled` is reported as `failed`. */
export function cloudStatus(status: JobStatus): JobStatus {
  return status === 'cancelled' ? 'failed' : status;
}

/** Route prefix of each kind's create and status operations. */
export const KIND_ROUTES: Record<JobKind, string> = {
  lipsync: '/v1/video_generation',
  reusable_lipsync: '/v1/reusable_lipsync_model_video_generation',
  translate: '/v1/media/translate',
  frame_translate: '/v1/media/frame_translate',
};
