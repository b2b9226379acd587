import { migration001Core } from './001-core.js';
import { migration002SubtitleStyles } from './002-subtitle-styles.js';
import { migration003KeyRoles } from './003-key-roles.js';
import { migration004TaskWarnings } from './004-task-warnings.js';
import { migration005StageStates } from './005-stage-states.js';
import { migration006Projects } from './006-projects.js';
import { migration007Workers } from './007-workers.js';
import { migration008OutboxClaims } from './008-outbox-claims.js';
import { migration009TaskQuality } from './009-task-quality.js';
import { migration010TaskPlan } from './010-task-plan.js';
import { migration011TaskResultBaseUrl } from './011-task-result-base-url.js';

/** A numbered schema change; `version` is what PRAGMA user_version holds once it is applied. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

// Append only: a released migration is never edited, a new one is added with the next number.
export const MIGRATIONS: readonly Migration[] = [
  migration001Core,
  migration002SubtitleStyles,
  migration003KeyRoles,
  migration004TaskWarnings,
  migration005StageStates,
  migration006Projects,
  migration007Workers,
  migration008OutboxClaims,
  migration009TaskQuality,
  migration010TaskPlan,
  migration011TaskResultBaseUrl,
];
