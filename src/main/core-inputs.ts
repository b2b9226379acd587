import path from 'node:path';
import type { DataPaths, DubDeskConfig } from './config.js';
import type { CoreFolders } from './core-folders.js';
import { reusableFolderEngine } from './engines/lipsync/reusable-data.js';
import type { Engines } from './engines/registry.js';
import type { AddressPolicy } from './files/address-policy.js';
import type { FileStore } from './files/file-store.js';
import type { FileUrlSigner } from './files/signed-urls.js';
import type { MediaTools } from './media/ffmpeg-paths.js';
import type { ModelStore } from './models/model-store.js';
import type { FetchInputsDeps } from './pipelines/fetch-inputs-stage.js';
import { pipelinesOf, type KindRegistry } from './pipelines/kinds.js';
import type { PipelineRegistry } from './pipelines/types.js';
import type { ReusableModelsRepository } from './store/reusable-models-repository.js';
import type { Store } from './store/store.js';

export interface InputEnvironmentDeps {
  files: FileStore;
  media: MediaTools;
  models: ModelStore;
  engines: Engines;
  store: Pick<Store, 'glossaries' | 'reusableModels' | 'subtitleStyles'>;
  signer: FileUrlSigner;
  baseUrl(): string;
  maxInputBytes: number;
  addressPolicy: AddressPolicy;
  /** With shared storage a work folder moves between machines, so it holds copies of its local inputs. */
  copyLocalInputs: boolean;
  reusableModelFolder(relative: string): Promise<string>;
}

/** What request checks consult, at create time and again in each job's first stage. */
export function createInputEnvironment(deps: InputEnvironmentDeps): FetchInputsDeps {
  const { glossaries, reusableModels, subtitleStyles } = deps.store;
  return {
    files: deps.files,
    media: deps.media,
    glossaries,
    models: deps.models,
    engines: deps.engines,
    baseUrl: deps.baseUrl,
    maxInputBytes: deps.maxInputBytes,
    addressPolicy: deps.addressPolicy,
    // An upload URL signed here is ours whichever service address it names (expiry aside: the task was accepted).
    ownsFileUrl: (fileId, token) => deps.signer.verifyToken(fileId, token, 0),
    copyLocalInputs: deps.copyLocalInputs,
    reusableModelExists: async (id) => (await reusableModels.get(id)) !== undefined,
    reusableModelEngine: async (id) => {
      const record = await reusableModels.get(id);
      return record ? reusableFolderEngine(await deps.reusableModelFolder(record.path)) : 'unreadable';
    },
    subtitleStyleExists: async (id) => (await subtitleStyles.get(id)) !== undefined,
  };
}

/** Each kind's pipeline, built over the input environment and this core's models, settings and folders. */
export function createCorePipelines(
  kinds: KindRegistry,
  inputEnvironment: FetchInputsDeps,
  deps: {
    config: Pick<DubDeskConfig, 'loudnessLufs' | 'maxStretch'>;
    paths: DataPaths;
    models: ModelStore;
    reusableModels: Pick<ReusableModelsRepository, 'get'>;
    folders: Pick<CoreFolders, 'reusableModelFolder'>;
  },
): PipelineRegistry {
  const { config, reusableModels, folders } = deps;
  return pipelinesOf(kinds, {
    ...inputEnvironment,
    models: deps.models,
    fontconfigDir: path.join(deps.paths.root, 'fontconfig'),
    loudnessLufs: config.loudnessLufs,
    maxStretch: config.maxStretch,
    reusableModelDir: async (id) => {
      const record = await reusableModels.get(id);
      return record ? folders.reusableModelFolder(record.path) : undefined;
    },
  });
}
