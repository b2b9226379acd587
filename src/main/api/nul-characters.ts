import type { FastifyInstance } from 'fastify';
import { DubDeskError } from '../../shared/errors.js';

/** A parsed JSON object or array (not an upload's bytes or a stream, whose content is the file's business). */
function isJsonContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Whether any string in a parsed JSON value (or a plain string) holds U+0000. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || !isJsonContainer(value)) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * No identifier, query value or JSON text may hold the NUL character: it means nothing in a name, an id or a line of
 * text, and PostgreSQL cannot store it. Refused on either database, so both answer the same.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new DubDeskError(
        'invalid_request',
        'Identifiers, query values and JSON text may not contain the NUL character (U+0000).',
      );
    }
  });
}
