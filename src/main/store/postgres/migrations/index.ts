import { postgres001Core } from './001-core.js';
import { postgres002Workers } from './002-workers.js';
import { postgres003OutboxClaims } from './003-outbox-claims.js';
import { postgres004TaskQuality } from './004-task-quality.js';
import { postgres005TaskPlan } from './005-task-plan.js';
import { postgres006TaskResultBaseUrl } from './006-task-result-base-url.js';

/** A numbered PostgreSQL schema change; its own history, separate from SQLite's (which began earlier). */
export interface PostgresMigration {
  version: number;
  name: string;
  sql: string;
}

// Append only: a released migration is never edited, a new one is added with the next number.
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  postgres001Core,
  postgres002Workers,
  postgres003OutboxClaims,
  postgres004TaskQuality,
  postgres005TaskPlan,
  postgres006TaskResultBaseUrl,
];
