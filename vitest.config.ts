import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { postgresMissing } from './test/fixtures/postgres-server.js';

// The API and queue suite runs a second time with its records in PostgreSQL (a server from Debian's packages that the
// project's global setup starts): every route, status, callback and event must behave the same on either database.
const SAME_CONTRACT_ON_POSTGRES = [
  'test/integration/api-client-errors.test.ts',
  'test/integration/api-contract.test.ts',
  'test/integration/api-fuzz.test.ts',
  'test/integration/api-key-roles.test.ts',
  'test/integration/cloud-client.test.ts',
  'test/integration/first-run-api.test.ts',
  'test/integration/frame-translate-project.test.ts',
  'test/integration/job-plan-stored.test.ts',
  'test/integration/job-resource-snapshot.test.ts',
  'test/integration/lan-result-urls.test.ts',
  'test/integration/projects-translate.test.ts',
  'test/integration/queue-callbacks-e2e.test.ts',
  'test/integration/queue-cancel.test.ts',
  'test/integration/queue-crash-recovery.test.ts',
  'test/integration/queue-idempotency-and-limits.test.ts',
  'test/integration/queue-retry-backoff.test.ts',
  'test/integration/queue-sse.test.ts',
  'test/integration/queue-stage-engine.test.ts',
  'test/integration/queue-stage-states.test.ts',
  'test/integration/retry-after-original-deleted.test.ts',
  'test/integration/reusable-lipsync.test.ts',
  'test/integration/security-input-content.test.ts',
  'test/integration/settings-local-cache.test.ts',
  'test/integration/settings-translation-engine.test.ts',
  'test/integration/shared-storage-service.test.ts',
  'test/integration/subtitle-encodings-http.test.ts',
  'test/integration/subtitle-limits-routes.test.ts',
  'test/integration/test-only-kind.test.ts',
  'test/integration/translate-plan-route.test.ts',
  'test/integration/workers-route.test.ts',
];

const postgresProject: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'postgres',
    include: SAME_CONTRACT_ON_POSTGRES,
    globalSetup: ['test/fixtures/postgres-global-setup.ts'],
    env: { DUBDESK_TEST_DATABASE: 'postgres' },
  },
};

export default defineConfig({
  test: {
    // Integration tests spawn ffmpeg and service processes; two cores cannot run many at once.
    maxWorkers: 2,
    // The default report, then a short list of what failed, last, where a CI that keeps only the tail still shows it.
    reporters: ['default', './test/reporters/run-end-summary.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'] } },
      // Where no server can be started the suite runs on SQLite only (CI requires it: DUBDESK_REQUIRE_POSTGRES).
      ...(postgresMissing ? [] : [postgresProject]),
    ],
  },
});
