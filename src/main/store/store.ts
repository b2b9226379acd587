import { createCallbackOutbox, type CallbackOutbox } from './callback-outbox-repository.js';
import { createFileRepository, type FileRepository } from './files-repository.js';
import { createGlossariesRepository, type GlossariesRepository } from './glossaries-repository.js';
import { createIdempotencyRepository, type IdempotencyRepository } from './idempotency-repository.js';
import { createKeysRepository, type KeysRepository } from './keys-repository.js';
import { createProjectsRepository, type ProjectsRepository } from './projects-repository.js';
import { createReusableModelsRepository, type ReusableModelsRepository } from './reusable-models-repository.js';
import { createSettingsRepository, type SettingsRepository } from './settings-repository.js';
import type { SqlClient } from './sql.js';
import { createSubtitleStylesRepository, type SubtitleStylesRepository } from './subtitle-styles-repository.js';
import { createTaskLogsRepository, type TaskLogsRepository } from './task-logs-repository.js';
import { createTasksRepository, type TasksRepository } from './tasks-repository.js';
import { createWorkersRepository, type WorkersRepository } from './workers-repository.js';

/** Every table's repository over one client; `transaction` hands the work the same set over the transaction's client. */
export interface Store {
  readonly client: SqlClient;
  readonly tasks: TasksRepository;
  readonly logs: TaskLogsRepository;
  readonly files: FileRepository;
  readonly keys: KeysRepository;
  readonly settings: SettingsRepository;
  readonly idempotency: IdempotencyRepository;
  readonly glossaries: GlossariesRepository;
  readonly reusableModels: ReusableModelsRepository;
  readonly subtitleStyles: SubtitleStylesRepository;
  readonly projects: ProjectsRepository;
  readonly outbox: CallbackOutbox;
  readonly workers: WorkersRepository;
  transaction<T>(work: (tx: Store) => Promise<T>): Promise<T>;
}

export function createStore(client: SqlClient, options: { now?: () => number } = {}): Store {
  return {
    client,
    tasks: createTasksRepository(client),
    logs: createTaskLogsRepository(client),
    files: createFileRepository(client),
    keys: createKeysRepository(client),
    settings: createSettingsRepository(client),
    idempotency: createIdempotencyRepository(client),
    glossaries: createGlossariesRepository(client),
    reusableModels: createReusableModelsRepository(client),
    subtitleStyles: createSubtitleStylesRepository(client),
    projects: createProjectsRepository(client),
    outbox: createCallbackOutbox(client, options),
    workers: createWorkersRepository(client),
    transaction: (work) => client.transaction((tx) => work(createStore(tx, options))),
  };
}
