import type pg from 'pg';
import type { PostgresPool } from './pool.js';

// Task changes reach every node through PostgreSQL's LISTEN/NOTIFY: a worker on one machine moves a task, and the
// API node that streams it (SSE) hears of it at once. A notice names the change; receivers read the task itself.

const CHANNEL = 'dubdesk_task_events';
// A lost LISTEN connection (a server restart) is opened again after this long.
const RELISTEN_MS = 1_000;

export interface NoticeChannel {
  /** Sends `payload` (short JSON text, under PostgreSQL's 8000 bytes) to every listening node, this one included. */
  send(payload: string): Promise<void>;
  /**
   * Calls `onNotice` with each payload sent from now on, until the returned function is called. A dropped connection
   * listens again by itself; `onRelisten` is then called with when the old one dropped, since notices sent in
   * between never arrive.
   */
  listen(
    onNotice: (payload: string) => void,
    onError?: (error: Error) => void,
    onRelisten?: (droppedAt: number) => void,
  ): () => Promise<void>;
}

export function createNoticeChannel(pool: PostgresPool): NoticeChannel {
  return {
    async send(payload) {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    },
    listen(onNotice, onError, onRelisten) {
      let client: pg.PoolClient | undefined;
      let closed = false;
      let retry: NodeJS.Timeout | undefined;
      let droppedAt: number | undefined;
      const connect = async (): Promise<void> => {
        try {
          const connection = await pool.connect();
          client = connection;
          connection.on('notification', (message) => {
            if (message.channel === CHANNEL && message.payload) onNotice(message.payload);
          });
          connection.on('error', (error) => drop(error));
          await connection.query(`LISTEN ${CHANNEL}`);
          if (closed) {
            connection.release(true);
          } else if (droppedAt !== undefined) {
            const since = droppedAt;
            droppedAt = undefined;
            onRelisten?.(since);
          }
        } catch (error) {
          drop(error as Error);
        }
      };
      const drop = (error: Error): void => {
        client?.release(true);
        client = undefined;
        if (closed) return;
        droppedAt ??= Date.now();
        onError?.(error);
        clearTimeout(retry);
        retry = setTimeout(() => void connect(), RELISTEN_MS);
      };
      void connect();
      return async () => {
        closed = true;
        clearTimeout(retry);
        client?.release(true);
        client = undefined;
      };
    },
  };
}
