import type { Migration } from './index.js';

// Callback delivery is leased: the deliverer that claims an entry sets `claimed_by` (its process's owner id) and
// `claim_expires_at` (ms); its outcome is recorded only while the claim is still its own, and an expired claim (a
// killed process) lets another deliverer take the entry. The index serves the claim: pending entries by due time.
export const migration008OutboxClaims: Migration = {
  version: 8,
  name: 'outbox-claims',
  sql: `
    ALTER TABLE callback_outbox ADD COLUMN claimed_by TEXT;
    ALTER TABLE callback_outbox ADD COLUMN claim_expires_at INTEGER;
    CREATE INDEX callback_outbox_due ON callback_outbox (next_attempt_at, id) WHERE delivered_at IS NULL AND given_up_at IS NULL;
  `,
};
