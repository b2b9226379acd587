import type { StagedFile } from '../../stores/staging.js';

/** The form's submit button, which waits for uploads (and is off while `blocked` says why), and the error no single field owns. */
export function SubmitRow({
  count,
  waiting,
  submitting,
  error,
  blocked,
}: {
  count: number;
  waiting: readonly StagedFile[];
  submitting: boolean;
  error?: string;
  blocked?: string;
}) {
  const failed = waiting.filter((file) => file.state === 'failed');
  const pending = waiting.length - failed.length;
  const label = submitting
    ? 'Starting…'
    : pending > 0
      ? `Waiting for ${pending} upload${pending === 1 ? '' : 's'}…`
      : count === 1
        ? 'Start task'
        : `Start ${count} tasks`;
  return (
    <div className="submit-row">
      {error ? (
        <p id="form-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {failed.length > 0 ? (
        <p className="field-error" role="alert">
          {failed.map((file) => `${file.name}: ${file.error ?? 'upload failed'}`).join(' ')}
        </p>
      ) : null}
      {blocked ? (
        <p id="submit-blocked" className="field-error">
          {blocked}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={submitting || waiting.length > 0 || count === 0 || blocked !== undefined}
        aria-describedby={blocked ? 'submit-blocked' : undefined}
      >
        {label}
      </button>
    </div>
  );
}
