import { randomToken } from '../../ids.js';
import type { SettingsCache } from '../../store/settings-cache.js';

export const WEBHOOK_SECRET_SETTING = 'webhook_secret';

/**
 * The secret that signs webhook callbacks. An explicit one (--webhook-secret / DUBDESK_WEBHOOK_SECRET)
 * wins for this session and is NOT stored: it lives wherever the user keeps it, and removing the option
 * falls back to the generated one instead of silently keeping an old explicit value. Without one, a
 * secret is generated once and kept in `settings`, so receivers keep verifying across restarts (and every node
 * that races to make it ends up with the same one).
 */
export async function resolveWebhookSecret(
  settings: Pick<SettingsCache, 'get' | 'getOrInit'>,
  explicit?: string | null,
): Promise<string> {
  // An empty option (e.g. DUBDESK_WEBHOOK_SECRET=) means "not set", never "sign with an empty key".
  if (explicit) return explicit;
  const stored = settings.get(WEBHOOK_SECRET_SETTING);
  if (stored) return stored;
  return settings.getOrInit(WEBHOOK_SECRET_SETTING, `whsec_${randomToken(32)}`);
}
