import { DubDeskError } from '../../shared/errors.js';
import { KIND_STATUSES, type JobKind } from '../../shared/jobs.js';
import { fetchInputsStage, type FetchInputsDeps } from './fetch-inputs.js';
import type { Pipeline, PipelineRegistry, Stage } from './types.js';
import { translatePipeline } from './translate/index.js';
import { lipsyncPipeline } from './lipsync/index.js';
import type { TranslateDeps } from './translate/types.js';
import { reusableLipsyncPipeline } from './reusable-lipsync/index.js';
import type { ReusableLipsyncDeps } from './reusable-lipsync/types.js';

const KIND_TITLES: Record<JobKind, string> = {
  lipsync: 'lip-sync',
  reusable_lipsync: 'reusable-model lip-sync',
  translate: 'translate-and-dub',
  frame_translate: 'visual translate',
};

/** Stands where a kind's media stages will go: the job ends failed with a clear code, never a fake result. */
function notYetAvailable(kind: JobKind): Stage {
  return {
    name: 'not-available',
    status: KIND_STATUSES[kind][1],
    async run() {
      throw new DubDeskError('pipeline_unavailable', `The inputs were checked, but this DubDesk build cannot produce ${KIND_TITLES[kind]} results yet; no result was made.`);
    },
  };
}

/** The pipelines this build runs, by job kind. */
export function builtInPipelines(deps: FetchInputsDeps & TranslateDeps & ReusableLipsyncDeps): PipelineRegistry {
  const registry: PipelineRegistry = { translate: translatePipeline(deps), lipsync: lipsyncPipeline(deps), reusable_lipsync: reusableLipsyncPipeline(deps) };
  for (const kind of Object.keys(KIND_TITLES) as JobKind[]) {
    if (registry[kind]) continue;
    const pipeline: Pipeline = {
      kind,
      stages: [fetchInputsStage(kind, KIND_STATUSES[kind][1], deps), notYetAvailable(kind)],
      results: () => [],
    };
    registry[kind] = pipeline;
  }
  return registry;
}
