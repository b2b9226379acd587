import type { PostgresMigration } from './index.js';

// Leased callback delivery, so several services on one database never send the same callback (SQLite's migration 008).
export const postgres003OutboxClaims: PostgresMigration = {
  version: 3,
  name: 'outbox-claims',
  sql: `
    ALTER TABLE callback_outbox ADD COLUMN claimed_by text;
    ALTER TABLE callback_outbox ADD COLUMN claim_expires_at bigint;
    CREATE INDEX callback_outbox_due ON callback_outbox (next_attempt_at, id) WHERE delivered_at IS NULL AND given_up_at IS NULL;
  `,
};
