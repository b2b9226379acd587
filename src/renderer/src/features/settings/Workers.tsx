import { useEffect, useState } from 'react';
import type { ApiClient, WorkerRecord } from '../../api/client.js';
import { formatAgo } from '../../lib/format.js';
import { kindTitle, useKinds } from '../../stores/kinds.js';

/** Workers beat every 5 s and drop off after 15 s of silence: a refresh this often keeps the list honest. */
const REFRESH_MS = 5_000;

interface LiveWorkers {
  workers?: WorkerRecord[];
  problem?: string;
  /** When the last answer came, in this browser's clock: what the heartbeats' ages are measured against. */
  fetchedAt: number;
}

/** GET /v1/workers now and every REFRESH_MS while mounted; the last error's message until a refresh succeeds. */
function useLiveWorkers(client: ApiClient): LiveWorkers {
  const [state, setState] = useState<LiveWorkers>({ fetchedAt: Date.now() });
  useEffect(() => {
    let closed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      client
        .workers()
        .then(
          (workers) => {
            if (!closed) setState({ workers, fetchedAt: Date.now() });
          },
          (error: unknown) => {
            // The last list stays beside the error: its heartbeats only grow older.
            if (!closed)
              setState((last) => ({
                ...last,
                problem: error instanceof Error ? error.message : String(error),
                fetchedAt: Date.now(),
              }));
          },
        )
        .finally(() => {
          // The next refresh waits for this one, so a slow service never has requests piling up.
          if (!closed) timer = setTimeout(refresh, REFRESH_MS);
        });
    };
    refresh();
    return () => {
      closed = true;
      clearTimeout(timer);
    };
  }, [client]);
  return state;
}

/** The kinds a worker takes, by their titles where GET /v1/meta has them. */
function KindsTaken({ kinds }: { kinds: string[] | null }) {
  const known = useKinds((s) => s.kinds);
  if (kinds === null) return <span className="muted">every kind</span>;
  if (kinds.length === 0) return <span className="muted">no kinds</span>;
  return <>{kinds.map((id) => kindTitle(known, id)).join(' · ')}</>;
}

function WorkerRow({ worker, now }: { worker: WorkerRecord; now: number }) {
  return (
    <tr>
      <td>
        <code>{worker.name}</code>
      </td>
      <td>
        <KindsTaken kinds={worker.kinds} />
      </td>
      <td>
        {worker.running} of {worker.concurrency} running
      </td>
      <td>
        <time dateTime={worker.heartbeat_at} title={new Date(worker.heartbeat_at).toLocaleString()}>
          {formatAgo(worker.heartbeat_at, now)}
        </time>
      </td>
    </tr>
  );
}

/** The processes that run jobs, as their heartbeats report them, kept fresh while the page is open. */
export function Workers({ client }: { client: ApiClient }) {
  const { workers, problem, fetchedAt } = useLiveWorkers(client);
  return (
    <section aria-labelledby="workers-title">
      <h3 id="workers-title">Workers</h3>
      <p className="muted">
        The processes that run jobs. A service on one machine is its own single worker; each stage of a task names the
        worker that ran it.
      </p>
      {problem ? (
        <p role="alert" className="error">
          {problem}
        </p>
      ) : null}
      {workers && workers.length > 0 ? (
        <table className="workers" aria-label="Workers">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Takes</th>
              <th scope="col">Load</th>
              <th scope="col">Last heartbeat</th>
            </tr>
          </thead>
          <tbody>
            {workers.map((worker) => (
              <WorkerRow key={worker.worker_id} worker={worker} now={fetchedAt} />
            ))}
          </tbody>
        </table>
      ) : null}
      {workers?.length === 0 ? (
        <p className="empty">No worker is running: jobs wait in the queue until one starts.</p>
      ) : null}
      {!workers && !problem ? <p aria-busy="true">Loading workers…</p> : null}
    </section>
  );
}
