import { DubDeskError } from '../../shared/errors.js';
import { frameTranslateKind } from './frame-translate/kind.js';
import type { JobKindModule, KindDeps } from './kind.js';
import { lipsyncKind } from './lipsync/kind.js';
import { reusableLipsyncKind } from './reusable-lipsync/kind.js';
import { translateKind } from './translate/kind.js';
import type { PipelineRegistry } from './types.js';

/** The job kinds this build serves, in the order the API, the CLI and GET /v1/meta list them. Adding a kind adds one line here. */
export const BUILT_IN_KINDS: readonly JobKindModule[] = [
  lipsyncKind,
  reusableLipsyncKind,
  translateKind,
  frameTranslateKind,
];

export interface KindRegistry {
  list(): readonly JobKindModule[];
  /** The kind of that id; not_found for any other (a task of a kind this build no longer has, a mistyped name). */
  get(id: string): JobKindModule;
  /** By id or alias (the CLI's names). */
  find(name: string): JobKindModule | undefined;
  /** Each kind's public states, in order; the queue's transitions table reads it. */
  statusesOf(id: string): readonly string[];
}

/** The built-in kinds plus `extra` ones; an extra kind with a built-in id replaces that kind (tests swap a pipeline so). */
export function createKindRegistry(extra: readonly JobKindModule[] = []): KindRegistry {
  const byId = new Map<string, JobKindModule>();
  for (const kind of [...BUILT_IN_KINDS, ...extra]) byId.set(kind.id, kind);
  const kinds = [...byId.values()];
  const get = (id: string): JobKindModule => {
    const kind = byId.get(id);
    if (!kind)
      throw new DubDeskError(
        'not_found',
        `There is no job kind '${id}'; this build has ${kinds.map((k) => k.id).join(', ')}.`,
      );
    return kind;
  };
  return {
    list: () => kinds,
    get,
    find: (name) => byId.get(name) ?? kinds.find((kind) => kind.aliases?.includes(name)),
    statusesOf: (id) => get(id).statuses,
  };
}

/** Every kind's pipeline, built once with the core's dependencies; the runner picks one per task by its kind. */
export function pipelinesOf(kinds: KindRegistry, deps: KindDeps): PipelineRegistry {
  return Object.fromEntries(kinds.list().map((kind) => [kind.id, kind.pipeline(deps)]));
}
