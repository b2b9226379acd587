// Two editors drag neighbouring lines towards each other at the same moment (one moves its end later, the other its
// start earlier): on either database at most one of the two PATCHes is taken, and no two lines of a dubbed project
// ever overlap. Over real HTTP on loopback, against a real SQLite file and a real PostgreSQL server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../src/main/store/postgres/migrate.js';
import { openPostgresPool } from '../../src/main/store/postgres/pool.js';
import { makeMediaDir } from '../fixtures/media.js';
import { postgresMissing, startPostgres, type PostgresServer } from '../fixtures/postgres-server.js';
import { makeProofreadingProject, type ProjectLine } from '../fixtures/proofreading-project.js';
import { startTestService, type TestService } from '../fixtures/service.js';

const ROUNDS = 40;
/** Each round's pair: A at 0.2-1.2 s and B at 2.2-3.2 s of its own 4 s; A's end and B's start both move 0.8 s into the gap. */
const PAIR_MS = 4000;
const lines: ProjectLine[] = Array.from({ length: ROUNDS }, (_, round) => [
  { startMs: round * PAIR_MS + 200, endMs: round * PAIR_MS + 1200, text: 'Ja.' },
  { startMs: round * PAIR_MS + 2200, endMs: round * PAIR_MS + 3200, text: 'Nein.' },
]).flat();

async function migratedDatabase(server: PostgresServer): Promise<string> {
  const url = await server.database('overlap_storm');
  const pool = openPostgresPool(url, { max: 2 });
  try {
    await migratePostgres(pool);
  } finally {
    await pool.end();
  }
  return url;
}

const BACKENDS = [
  { name: 'SQLite', skip: false },
  { name: 'PostgreSQL', skip: postgresMissing },
] as const;

describe.each(BACKENDS)('a storm of adjacent line drags on $name', ({ name, skip }) => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let server: PostgresServer | undefined;
  let svc: TestService;

  beforeAll(async () => {
    if (skip) return;
    media = await makeMediaDir('dubdesk-storm-');
    server = name === 'PostgreSQL' ? await startPostgres() : undefined;
    svc = await startTestService({ config: server ? { databaseUrl: await migratedDatabase(server) } : {} });
  }, 120_000);

  afterAll(async () => {
    await svc?.stop();
    await server?.destroy();
    await media?.cleanup();
  });

  it.skipIf(skip)(
    `takes at most one of two concurrent PATCHes that would overlap, in each of ${ROUNDS} rounds`,
    async () => {
      const projectId = await makeProofreadingProject(svc.api, media.dir, {
        name: 'storm',
        durationSec: (ROUNDS * PAIR_MS) / 1000 + 1,
        lines,
      });
      const segments = (await svc.api(`/v1/projects/${projectId}`)).body.segments;
      expect(segments).toHaveLength(ROUNDS * 2);
      const outcomes: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const [a, b] = [segments[round * 2], segments[round * 2 + 1]];
        const answers = await Promise.all([
          svc.api(`/v1/projects/${projectId}/segments/${a.segment_id}`, {
            method: 'PATCH',
            body: { revision: a.revision, end: a.end + 0.8 },
          }),
          svc.api(`/v1/projects/${projectId}/segments/${b.segment_id}`, {
            method: 'PATCH',
            body: { revision: b.revision, start: b.start - 0.8 },
          }),
        ]);
        for (const answer of answers) {
          // The one refused is refused for the overlap, with the catalogue's 400, never a 500.
          if (answer.status !== 200)
            expect([answer.status, answer.body.code, answer.body.message]).toEqual([
              400,
              'invalid_request',
              expect.stringMatching(/would overlap line/),
            ]);
        }
        outcomes.push(answers.map((answer) => (answer.status === 200 ? 'taken' : 'refused')).join('+'));
      }
      const after = (await svc.api(`/v1/projects/${projectId}`)).body.segments as Array<{
        segment_id: string;
        start: number;
        end: number;
      }>;
      const overlapping = after.filter((segment, i) => i > 0 && segment.start < after[i - 1]!.end);
      const bothTaken = outcomes.filter((outcome) => outcome === 'taken+taken').length;
      console.log(
        `${name}: ${ROUNDS} rounds, both PATCHes taken in ${bothTaken}, overlapping lines after: ${overlapping.length}`,
      );
      expect(bothTaken).toBe(0);
      expect(overlapping.map((segment) => segment.segment_id)).toEqual([]);
      // Each round one drag wins: the lock serialises them, it does not refuse both.
      expect(outcomes.every((outcome) => outcome === 'taken+refused' || outcome === 'refused+taken')).toBe(true);
    },
    300_000,
  );
});
