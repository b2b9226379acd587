// `dubdesk export-data` and `dubdesk import-data`: moving from one machine (a data folder) to many (PostgreSQL and
// shared storage). The tables are the store's (store/data-transfer.ts), the file trees are copied here and uploaded
// under the keys the services read (files/<id>/<name>, jobs/<task_id>/…).
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { dataPaths } from '../../main/config.js';
import { formatBytes } from '../../main/files/byte-size.js';
import { copyTree } from '../../main/files/folder-copy.js';
import { listTree, UnsafeTreeError, type ListedTree, type RefusedEntry } from '../../main/files/local-tree.js';
import { copyLocalInputsIn } from '../../main/pipelines/portable-inputs.js';
import { REUSABLE_MODELS_DIR } from '../../main/pipelines/reusable-lipsync/make-model.js';
import { openStorage } from '../../main/storage/open-storage.js';
import type { SharedStorage } from '../../main/files/shared-storage.js';
import { uploadTree } from '../../main/storage/tree-upload.js';
import { acquireDataDirLock, readDataDirLock } from '../../main/store/data-dir-lock.js';
import {
  DATA_EXPORT_FORMAT,
  DATA_EXPORT_FORMAT_VERSION,
  DATA_EXPORT_MANIFEST,
  DATA_EXPORT_TABLES_DIR,
  existingRecords,
  exportFolderLabel,
  exportTables,
  importTables,
  nonEmptyMessage,
  readManifest,
  SKIPPED_TABLES,
  writeManifest,
  type ExportedFolder,
} from '../../main/store/data-transfer.js';
import { openDatabase } from '../../main/store/database.js';
import { openPostgresStore, type OpenedStore } from '../../main/store/open-store.js';
import { isDatabaseUnavailable, redactDatabaseUrl } from '../../main/store/postgres/pool.js';
import { DUBDESK_VERSION } from '../../shared/version.js';
import { cliDataDir } from '../data-dir.js';
import { databaseUrlFlag, parseFlags, UsageError } from '../options.js';

/**
 * The data folder's trees an export carries, by their name there, which is also their key prefix in shared storage
 * (the file store's `files/`, the work folders' `jobs/`). Installed models (reinstalled per machine), logs, caches and
 * the lock are never carried.
 */
const CARRIED_FOLDERS = ['files', 'jobs', 'projects', REUSABLE_MODELS_DIR];

const EXPORT_USAGE = 'usage: dubdesk export-data [--data-dir D] --out <new folder>';
const IMPORT_USAGE =
  'usage: dubdesk import-data --database postgres://… --storage s3://bucket/prefix|/shared/folder <export folder>';

// Long uploads say how far they are at most this often.
const PROGRESS_EVERY_MS = 5000;

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The data folder's lock for the export's length: no service may change what is being copied. */
function lockForExport(lockFile: string, dataDir: string): () => void {
  try {
    return acquireDataDirLock(lockFile);
  } catch (error) {
    const holder = readDataDirLock(lockFile);
    if (!holder) throw error;
    throw new Error(
      `DubDesk is running on the data folder ${dataDir} (process ${holder.pid}). Stop it first: ` +
        `export-data copies a data folder that nothing changes meanwhile.`,
    );
  }
}

/** `dubdesk export-data [--data-dir D] --out <folder>`: the data folder's records and files as a folder to import elsewhere. */
export async function exportDataCommand(
  args: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  const { values, positionals } = parseFlags(args, { 'data-dir': { type: 'string' }, out: { type: 'string' } });
  if (!values.out || positionals.length > 0) throw new UsageError(EXPORT_USAGE);
  const dataDir = cliDataDir(values['data-dir'], err);
  const paths = dataPaths(dataDir);
  const target = path.resolve(values.out);
  // Opening a missing database would create an empty one: a mistyped folder must not export nothing, successfully.
  if (!existsSync(paths.database))
    throw new Error(
      `${dataDir} holds no DubDesk data (no ${path.basename(paths.database)}); name the data folder with --data-dir.`,
    );
  if (isInside(target, dataDir))
    throw new UsageError(`--out ${target} is inside the data folder ${dataDir}; choose a folder outside it.`);
  const existing = await readdir(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    if (error.code === 'ENOTDIR') throw new UsageError(`--out ${target} is a file; name a new folder.`);
    throw error;
  });
  if (existing && existing.length > 0)
    throw new UsageError(`--out ${target} is not empty; name a new folder (the export fills it).`);

  const release = lockForExport(paths.lockFile, dataDir);
  try {
    // Key hashes, the webhook secret and settings' API keys are in it: readable by this user only.
    await mkdir(target, { recursive: true });
    await chmod(target, 0o700);
    out.write(`Exporting ${dataDir} to ${target}\n`);
    const db = openDatabase(paths.database);
    let schemaVersion: number;
    let tables: Awaited<ReturnType<typeof exportTables>>;
    try {
      schemaVersion = db.pragma('user_version', { simple: true }) as number;
      tables = await exportTables(db, target, (table) => out.write(`  ${table.name}: ${table.rows} rows\n`));
    } finally {
      db.close();
    }
    const folders: ExportedFolder[] = [];
    for (const name of CARRIED_FOLDERS) {
      const copied = await copyTree(dataDir, name, target, { where: `the data folder ${dataDir}` });
      let note = '';
      if (name === 'jobs') {
        // A work folder names its local inputs by path on this machine; the copy gets its own copy of them.
        // A data folder that never ran a job has no jobs/ folder, and its export none either.
        const workFolders = await readdir(path.join(target, name)).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        });
        for (const taskId of workFolders) {
          const added = await copyLocalInputsIn(path.join(target, name, taskId));
          copied.files += added.files;
          copied.bytes += added.bytes;
          if (added.files > 0) note = ' (local inputs copied into their work folders)';
        }
      }
      folders.push({ name, ...copied });
      out.write(`  ${name}/: ${copied.files} files, ${formatBytes(copied.bytes)}${note}\n`);
    }
    // Written last: a folder without it is an export cut short, which import-data refuses.
    await writeManifest(target, {
      format: DATA_EXPORT_FORMAT,
      format_version: DATA_EXPORT_FORMAT_VERSION,
      dubdesk_version: DUBDESK_VERSION,
      sqlite_schema_version: schemaVersion,
      created_at: new Date().toISOString(),
      source_data_dir: dataDir,
      tables,
      folders,
    });
    const tasks = tables.find((table) => table.name === 'tasks')?.rows ?? 0;
    const files = folders.reduce((sum, folder) => sum + folder.files, 0);
    const bytes = folders.reduce((sum, folder) => sum + folder.bytes, 0);
    out.write(
      `Exported ${tasks} tasks and ${files} files (${formatBytes(bytes)}) to ${target} (${DATA_EXPORT_MANIFEST} describes it).\n`,
    );
    out.write(
      `Next: dubdesk migrate --database postgres://…, then dubdesk import-data --database ` +
        `postgres://… --storage s3://bucket/prefix|/shared/folder ${target}\n`,
    );
    return 0;
  } catch (error) {
    // Half an export is no export: the folder is left as it was found (new, or empty).
    await rm(target, { recursive: true, force: true }).catch(() => undefined);
    if (existing) await mkdir(target, { recursive: true }).catch(() => undefined);
    throw error;
  } finally {
    release();
  }
}

/**
 * Every carried folder of the export in `dir`, listed and checked before anything is uploaded, with the tables' folder:
 * only regular files and folders (a link, pipe, socket or device is refused, named relative to the export folder),
 * and as many files as the manifest says.
 */
async function listExportTrees(
  dir: string,
  folders: ExportedFolder[],
): Promise<{ folder: ExportedFolder; tree: ListedTree }[]> {
  const where = exportFolderLabel(dir);
  const trees: { folder: ExportedFolder; tree: ListedTree }[] = [];
  const refused: RefusedEntry[] = [];
  const list = (folder: string) =>
    listTree(dir, folder, { where }).catch((error: unknown) => {
      if (!(error instanceof UnsafeTreeError)) throw error;
      refused.push(...error.entries);
      return undefined;
    });
  await list(DATA_EXPORT_TABLES_DIR);
  for (const folder of folders) {
    const tree = await list(folder.name);
    if (tree !== undefined)
      trees.push({ folder, tree: tree ?? { base: dir, folder: folder.name, files: [], folders: [] } });
  }
  if (refused.length > 0) {
    throw new Error(
      `Nothing was imported: ${new UnsafeTreeError(refused, where).message} Export the data folder again with \`dubdesk export-data\`.`,
    );
  }
  for (const { folder, tree } of trees) {
    if (tree.files.length !== folder.files)
      throw new Error(
        `${path.join(dir, folder.name)} holds ${tree.files.length} files, the manifest ` +
          `says ${folder.files}: the export is damaged; export the data folder again.`,
      );
  }
  return trees;
}

/** `dubdesk import-data --database <url> --storage <spec> <export folder>`: an export into an empty shared database and its storage. */
export async function importDataCommand(args: string[], out: NodeJS.WritableStream): Promise<number> {
  const { values, positionals } = parseFlags(args, { database: { type: 'string' }, storage: { type: 'string' } });
  const url = databaseUrlFlag(values.database ?? (process.env.DUBDESK_DATABASE_URL || undefined));
  const spec = values.storage ?? (process.env.DUBDESK_STORAGE || undefined);
  if (!url || !spec || positionals.length !== 1) {
    throw new UsageError(
      `${IMPORT_USAGE}\nThe database must be migrated (dubdesk migrate) and hold no records ` +
        `yet; --storage (env DUBDESK_STORAGE) is where the services and workers will find the files.`,
    );
  }
  const dir = path.resolve(positionals[0]!);
  const manifest = await readManifest(dir);
  const unknown = manifest.folders.filter((folder) => !CARRIED_FOLDERS.includes(folder.name));
  if (unknown.length > 0)
    throw new Error(
      `The export in ${dir} names folders this build does not carry: ${unknown.map((folder) => folder.name).join(', ')}.`,
    );
  const trees = await listExportTrees(dir, manifest.folders);
  const where = redactDatabaseUrl(url);

  let opened: OpenedStore;
  try {
    // Checks the schema (this build's, queue included) as a service would, without the service's lock.
    opened = await openPostgresStore(url, { applicationName: 'dubdesk import-data' });
  } catch (error) {
    if (isDatabaseUnavailable(error))
      throw new Error(`Cannot reach PostgreSQL at ${where}: ${(error as Error).message}`);
    throw error;
  }
  let storage: SharedStorage | undefined;
  try {
    storage = await openStorage(spec);
    const tasks = manifest.tables.find((table) => table.name === 'tasks')?.rows ?? 0;
    out.write(
      `Importing ${dir} (${tasks} tasks, exported ${manifest.created_at} ` +
        `from ${manifest.source_data_dir} by DubDesk ${manifest.dubdesk_version}) into ${where} ` +
        `and ${storage.location}\n`,
    );
    // Refused before anything is uploaded; checked again inside the import's transaction.
    const held = await existingRecords(opened.store.client);
    if (held) throw new Error(nonEmptyMessage(where, held));

    // Files first, the records last in one transaction: an upload that fails leaves the database empty, and the
    // import is simply run again (each upload replaces what an earlier attempt left).
    const uploaded = { files: 0, bytes: 0 };
    for (const { folder, tree } of trees) {
      let reported = Date.now();
      const done = await uploadTree(storage, folder.name, tree, {
        where: exportFolderLabel(dir),
        onProgress(progress, total) {
          if (Date.now() - reported < PROGRESS_EVERY_MS || progress.files === total.files) return;
          reported = Date.now();
          out.write(
            `  ${folder.name}/: ${progress.files} of ${total.files} files, ${formatBytes(progress.bytes)} of ${formatBytes(total.bytes)}\n`,
          );
        },
      });
      uploaded.files += done.files;
      uploaded.bytes += done.bytes;
      out.write(`  ${folder.name}/: ${done.files} files, ${formatBytes(done.bytes)} uploaded\n`);
    }
    const imported = await importTables(opened.store.client, dir, manifest, {
      where,
      onTable: (table) => out.write(`  ${table.name}: ${table.rows} rows\n`),
    });
    for (const table of manifest.tables) {
      if (SKIPPED_TABLES[table.name] && table.rows > 0)
        out.write(`  ${table.name}: ${table.rows} rows left out (${SKIPPED_TABLES[table.name]})\n`);
    }
    const rows = imported.tables.reduce((sum, table) => sum + table.rows, 0);
    out.write(
      `Imported ${rows} rows (${tasks} tasks, ${imported.queuedJobs} of them unfinished and ` +
        `queued) into ${where}, and ${uploaded.files} files (${formatBytes(uploaded.bytes)}) ` +
        `into ${storage.location}.\n`,
    );
    out.write(`Next: start services and workers with --database postgres://… --storage ${spec}\n`);
    return 0;
  } finally {
    await storage?.close();
    await opened.close();
  }
}
