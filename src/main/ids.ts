import { randomBytes, randomUUID } from 'node:crypto';

/** Identifiers of tasks, files, keys and models: random, unguessable, URL-safe. */
export function newId(): string {
  return randomUUID().replace(/-/g, '');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
