import type { Db } from '../../store/database.js';
import { randomToken } from '../../ids.js';

export const WEBHOOK_SECRET_SETTING = 'webhook_secret';

/**
 * The secret that signs webhook callbacks. An explicit one (--webhook-secret / DUBDESK_WEBHOOK_SECRET)
 * wins for this session and is NOT stored: it lives wherever the user keeps it, and removing the option
 * falls back to the generated one instead of silently keeping an old explicit value. Without one, a
 * secret is generated once and kept in `settings`, so receivers keep verifying across restarts.
 */
export function resolveWebhookSecret(db: Db, explicit?: string | null): string {
  // An empty option (e.g. DUBDESK_WEBHOOK_SECRET=) means "not set", never "sign with an empty key".
  if (explicit) return explicit;
  const stored = readStoredSecret(db);
  if (stored) return stored;
  // INSERT OR IGNORE then read back: if another connection generated one first, everyone uses that one.
  db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(WEBHOOK_SECRET_SETTING, `whsec_${randomToken(32)}`);
  const created = readStoredSecret(db);
  if (!created) throw new Error('Could not store the generated webhook secret in the settings table.');
  return created;
}

function readStoredSecret(db: Db): string | undefined {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(WEBHOOK_SECRET_SETTING) as { value: string } | undefined;
  return row?.value || undefined;
}
