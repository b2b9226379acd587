import { DubDeskError } from '../shared/errors.js';
import { DUBDESK_VERSION } from '../shared/version.js';
import { BUILT_IN_KINDS } from '../main/pipelines/kinds.js';
import { keysCommand, tasksCommand, webhookSecretCommand } from './commands/admin.js';
import { runCommand } from './commands/run.js';
import { statusCommand, submitCommand } from './commands/submit.js';
import { serveCommand } from './commands/serve.js';
import { modelsCliCommand } from './commands/models-cli.js';
import { migrateCommand } from './commands/migrate.js';
import { exportDataCommand, importDataCommand } from './commands/data-transfer.js';
import { workerCommand } from './commands/worker.js';
import { UsageError } from './options.js';

const USAGE = `DubDesk ${DUBDESK_VERSION}: lip-sync, translate-and-dub and visual translation on your own machine.

usage: dubdesk <command> [options]

  serve [--port P] [--host H] [--data-dir D] [--api-key K] [--webhook-secret S] [--concurrency N]
        [--database postgres://… --storage s3://bucket/prefix|/shared/folder [--workers N]]
                                 run the service (API + GUI) until Ctrl-C; --workers 0 runs no jobs here.
                                 --host 0.0.0.0 (or ::) listens on every interface: result and file URLs then
                                 name the address each request came to, so a client on the LAN can download them
  run <kind> <request.json>      run one job here and print the result files
                                 kinds: ${BUILT_IN_KINDS.map((kind) => kind.id).join(', ')}
  submit <kind> <request.json> [--url U] [--key K] [--out DIR] [--no-wait]
                                 send a job to a running service (local paths are uploaded), follow it and
                                 download its results (URL: --url, DUBDESK_URL or the one running service;
                                 key: --key or DUBDESK_API_KEY)
  status <task_id> [--url U] [--key K]
                                 a task's state on a running service, with its result URLs or its error
  tasks [--status S] [--kind K]  list tasks
  keys create [--name N] | list | revoke <id|prefix>
  webhook-secret                 print the secret that signs callbacks
  models list | install <id> [--from PATH] | remove <id>
  migrate --database postgres://…
                                 bring a shared PostgreSQL database to this build's schema (env DUBDESK_DATABASE_URL)
  export-data --out <new folder> copy a data folder's tasks, keys, glossaries, styles, projects and files into a folder
                                 (refused while a service runs on the data folder)
  import-data --database postgres://… --storage s3://bucket/prefix|/shared/folder <export folder>
                                 move an export into an empty, migrated database and its shared storage
  worker --database postgres://… --storage s3://bucket/prefix|/shared/folder [--concurrency N] [--kinds K,K]
                                 run jobs from the shared queue on this machine until Ctrl-C (env DUBDESK_STORAGE)

Every command takes --data-dir (env DUBDESK_DATA_DIR). Without either, tasks, keys, webhook-secret and models
read the running service's folder when one service runs, else the desktop app's, and say which on stderr.
serve, run, tasks, keys and webhook-secret take --database postgres://… (env DUBDESK_DATABASE_URL) to keep the
records in PostgreSQL instead of the data folder's SQLite file (run migrate first). Without --storage, files stay in
the service's data folder: one service per database and no workers; with it, any number of services and workers.
`;

/** The CLI: a thin shell over the core; returns the exit code. */
export async function main(
  argv: string[],
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr,
): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'serve':
        return await serveCommand(args, out);
      case 'run':
        return await runCommand(args, out, err);
      case 'submit':
        return await submitCommand(args, out, err);
      case 'status':
        return await statusCommand(args, out, err);
      case 'tasks':
        return await tasksCommand(args, out);
      case 'keys':
        return await keysCommand(args, out);
      case 'webhook-secret':
        return await webhookSecretCommand(args, out);
      case 'models':
        return await modelsCliCommand(args, out);
      case 'migrate':
        return await migrateCommand(args, out);
      case 'export-data':
        return await exportDataCommand(args, out, err);
      case 'import-data':
        return await importDataCommand(args, out);
      case 'worker':
        return await workerCommand(args, out);
      case '--version':
      case 'version':
        out.write(`${DUBDESK_VERSION}\n`);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        out.write(USAGE);
        return command ? 0 : 2;
      default:
        err.write(`Unknown command '${command}'.\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(`${error.message}\n`);
      return 2;
    }
    if (error instanceof DubDeskError) {
      err.write(`${error.code}: ${error.message}\n`);
      return 1;
    }
    err.write(`${(error as Error).message ?? String(error)}\n`);
    return 1;
  }
}
