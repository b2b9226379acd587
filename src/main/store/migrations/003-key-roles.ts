import type { Migration } from './index.js';

// Keys get a role. Every key stored before could do everything, so each becomes `admin`: narrowing them
// would break the scripts and settings pages that use them today; new keys default to `jobs`.
// `--api-key` keys are no longer stored (valid for one run only): the rows the old behaviour left behind
// would keep working without the flag, so they are deleted, hash and all.
export const migration003KeyRoles: Migration = {
  version: 3,
  name: 'key-roles',
  sql: `
    ALTER TABLE api_keys ADD COLUMN role TEXT NOT NULL DEFAULT 'jobs' CHECK (role IN ('admin', 'jobs'));
    UPDATE api_keys SET role = 'admin';
    DELETE FROM api_keys WHERE name = 'from --api-key';
  `,
};
