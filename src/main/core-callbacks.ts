import { DUBDESK_VERSION } from '../shared/version.js';
import type { DubDeskConfig } from './config.js';
import type { AddressPolicy } from './files/address-policy.js';
import type { ServiceLog } from './logging/service-log.js';
import { createCallbackDeliverer, type CallbackDeliverer } from './queue/callbacks/deliverer.js';
import { resolveWebhookSecret } from './queue/callbacks/webhook-secret.js';
import type { CallbackOutbox } from './store/callback-outbox-repository.js';
import type { SettingsCache } from './store/settings-cache.js';

export interface CoreCallbacksDeps {
  config: Pick<DubDeskConfig, 'webhookSecret'>;
  settings: SettingsCache;
  outbox: CallbackOutbox;
  /** This process's id for its callback claims. */
  owner: string;
  addressPolicy: AddressPolicy;
  serviceLog: Pick<ServiceLog, 'addSecret'>;
  log(line: string, level: 'info' | 'warn' | 'error'): void;
}

/** The callback deliverer, signing with the webhook secret (configured, or made once and kept in the settings). */
export async function createCoreCallbacks(
  deps: CoreCallbacksDeps,
): Promise<{ callbacks: CallbackDeliverer; webhookSecret: string }> {
  const webhookSecret = await resolveWebhookSecret(deps.settings, deps.config.webhookSecret);
  // The secret signs every callback; it must never reach the log.
  deps.serviceLog.addSecret(webhookSecret);
  const callbacks = createCallbackDeliverer({
    outbox: deps.outbox,
    owner: deps.owner,
    secret: webhookSecret,
    version: DUBDESK_VERSION,
    connectGuard: { policy: deps.addressPolicy },
    log: (level, message) => deps.log(`[callbacks] ${level}: ${message}`, level),
  });
  return { callbacks, webhookSecret };
}
