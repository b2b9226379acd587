import { useEffect } from 'react';
import { ApiError } from '../../api/client.js';

/** How soon the list is fetched again when the service named no Retry-After. */
const DEFAULT_RETRY_SECONDS = 5;

/** Pure: what the queue says when its list could not be loaded, and after how many seconds it fetches again by itself. */
export function describeLoadError(error: Error): { text: string; retryInSeconds?: number } {
  if (error instanceof ApiError && error.code === 'database_unavailable') {
    const seconds = error.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS;
    // The service is up but its database is away (a restart): it comes back by itself, so the list is fetched again.
    return {
      text: `The service cannot reach its database right now. Trying again every ${seconds} s…`,
      retryInSeconds: seconds,
    };
  }
  return { text: `Tasks could not be loaded: ${error.message}` };
}

/** The queue's load failure, with a button to fetch again; a database outage is retried by itself. */
export function TasksLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { text, retryInSeconds } = describeLoadError(error);
  useEffect(() => {
    if (retryInSeconds === undefined) return;
    const timer = setTimeout(onRetry, retryInSeconds * 1000);
    return () => clearTimeout(timer);
  }, [error, retryInSeconds, onRetry]);
  return (
    <div role="alert" className="error">
      <p>{text}</p>
      <button type="button" onClick={onRetry}>
        {retryInSeconds === undefined ? 'Try again' : 'Try now'}
      </button>
    </div>
  );
}
