// Moving a data folder's records into a shared PostgreSQL database (`dubdesk export-data`, `dubdesk import-data`).
// Generic by table and column name: the export writes every table of the SQLite file as JSON lines, every column as
// read; the import inserts them into PostgreSQL, whose schema has the same tables and columns
// (test/integration/postgres-schema.test.ts), in one transaction, in foreign-key order.
import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DUBDESK_VERSION } from '../../shared/version.js';
import { openInTree } from '../files/local-tree.js';
import type { Db } from './database.js';
import { MIGRATIONS } from './migrations/index.js';
import { enqueueMissingTaskJobs } from './postgres/job-queue.js';
import type { SqlClient, SqlValue } from './sql.js';

export const DATA_EXPORT_FORMAT = 'dubdesk-data-export';
export const DATA_EXPORT_FORMAT_VERSION = 1;
export const DATA_EXPORT_MANIFEST = 'manifest.json';
export const DATA_EXPORT_TABLES_DIR = 'tables';

export interface ExportedTable {
  name: string;
  rows: number;
  /** The JSON-lines file, relative to the export folder. */
  file: string;
}

export interface ExportedFolder {
  /** Relative to the data folder, and the storage key prefix its files go under: `files`, `jobs`, … */
  name: string;
  files: number;
  bytes: number;
}

/** `manifest.json`: what an export holds, written last (a folder without it is an export cut short). */
export interface DataExportManifest {
  format: typeof DATA_EXPORT_FORMAT;
  format_version: number;
  dubdesk_version: string;
  /** The SQLite schema (migration number) the rows were read at: the export's column set. */
  sqlite_schema_version: number;
  created_at: string;
  source_data_dir: string;
  tables: ExportedTable[];
  folders: ExportedFolder[];
}

/**
 * Tables in the order an import inserts them: every row's parent before it (task_logs, files, projects → tasks;
 * project_segments, project_exports → projects). Settings are merged (the export's value wins: its webhook secret is
 * the one callback receivers check); every other table must be empty in the database.
 */
export const IMPORTED_TABLES = [
  'tasks',
  'task_logs',
  'files',
  'api_keys',
  'idempotency_keys',
  'callback_outbox',
  'settings',
  'glossaries',
  'subtitle_styles',
  'reusable_lipsync_models',
  'projects',
  'project_segments',
  'project_exports',
] as const;

/** Exported but not imported, and why. */
export const SKIPPED_TABLES: Readonly<Record<string, string>> = {
  workers: 'the processes of the old machine; every runner registers itself when it starts',
};

// Columns an import clears: a lease or a delivery claim names a process of the old machine, a task's result base
// URL its address (callbacks then name the new service's).
const RELEASED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  tasks: ['lease_owner', 'lease_expires_at', 'result_base_url'],
  callback_outbox: ['claimed_by', 'claim_expires_at'],
};

const MERGED_TABLES = new Set(['settings']);
// Rows per INSERT: well under PostgreSQL's 65535 parameters for the widest table (tasks, 27 columns).
const BATCH_ROWS = 500;

// Rows are written to their file about this many characters at a time.
const WRITE_CHUNK = 1 << 20;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const tableFile = (name: string) => `${DATA_EXPORT_TABLES_DIR}/${name}.jsonl`;

/** This build's SQLite schema: what an export it writes holds, and what an import it runs reads. */
export function sqliteSchemaVersion(): number {
  return MIGRATIONS.at(-1)?.version ?? 0;
}

/**
 * Writes every table of the (open, migrated) SQLite database as `tables/<name>.jsonl` under `dir`: one JSON object
 * per row with every column (`SELECT *`), in primary-key order so two exports of the same data are the same.
 */
export async function exportTables(
  db: Db,
  dir: string,
  onTable?: (table: ExportedTable) => void,
): Promise<ExportedTable[]> {
  await mkdir(path.join(dir, DATA_EXPORT_TABLES_DIR), { recursive: true });
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const tables: ExportedTable[] = [];
  for (const name of names) {
    const keys = (db.pragma(`table_info(${quote(name)})`) as { name: string; pk: number }[])
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => quote(column.name));
    const file = tableFile(name);
    const handle = await open(path.join(dir, file), 'w', 0o600);
    let rows = 0;
    try {
      let chunk = '';
      for (const row of db
        .prepare(`SELECT * FROM ${quote(name)} ORDER BY ${keys.length ? keys.join(', ') : 'rowid'}`)
        .iterate()) {
        chunk += `${JSON.stringify(row)}\n`;
        rows += 1;
        if (chunk.length >= WRITE_CHUNK) {
          await handle.write(chunk);
          chunk = '';
        }
      }
      if (chunk) await handle.write(chunk);
    } finally {
      await handle.close();
    }
    const table = { name, rows, file };
    tables.push(table);
    onTable?.(table);
  }
  return tables;
}

export async function writeManifest(dir: string, manifest: DataExportManifest): Promise<void> {
  await writeFile(path.join(dir, DATA_EXPORT_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

/** How messages name an export folder whose entries are refused (files/local-tree.ts). */
export const exportFolderLabel = (dir: string) => `the export folder ${dir}`;

/**
 * The manifest of the export in `dir`, checked: a finished export of this format, at this build's SQLite schema. Like
 * every file of an export it is read only as a regular file inside the folder (a link is refused, never followed).
 */
export async function readManifest(dir: string): Promise<DataExportManifest> {
  const text = await openInTree(dir, DATA_EXPORT_MANIFEST, { where: exportFolderLabel(dir) }).then(
    async (source) => {
      try {
        return await source.handle.readFile('utf8');
      } finally {
        await source.handle.close();
      }
    },
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
      throw error;
    },
  );
  if (text === undefined) {
    throw new Error(
      `${dir} is not a finished DubDesk export (no ${DATA_EXPORT_MANIFEST}): run \`dubdesk ` +
        `export-data --out <folder>\` again to a new folder.`,
    );
  }
  let manifest: DataExportManifest;
  try {
    manifest = JSON.parse(text) as DataExportManifest;
  } catch {
    throw new Error(
      `${path.join(dir, DATA_EXPORT_MANIFEST)} is not JSON: the export is damaged; export the data folder again.`,
    );
  }
  if (manifest?.format !== DATA_EXPORT_FORMAT || !Array.isArray(manifest.tables) || !Array.isArray(manifest.folders)) {
    throw new Error(`${path.join(dir, DATA_EXPORT_MANIFEST)} is not the manifest of a DubDesk export.`);
  }
  if (manifest.format_version !== DATA_EXPORT_FORMAT_VERSION) {
    throw new Error(
      `The export in ${dir} has format ${manifest.format_version} ` +
        `(DubDesk ${manifest.dubdesk_version}); this build (${DUBDESK_VERSION}) reads ` +
        `format ${DATA_EXPORT_FORMAT_VERSION}. Import it with the DubDesk version that wrote it.`,
    );
  }
  if (manifest.sqlite_schema_version !== sqliteSchemaVersion()) {
    throw new Error(
      `The export in ${dir} was written by DubDesk ${manifest.dubdesk_version} at data ` +
        `schema ${manifest.sqlite_schema_version}; this build (${DUBDESK_VERSION}) reads ` +
        `schema ${sqliteSchemaVersion()}. Import it with DubDesk ${manifest.dubdesk_version} (then ` +
        `run this build's \`dubdesk migrate\`), or export the data folder again with this build.`,
    );
  }
  const misplaced = manifest.tables.find((table) => table.file !== tableFile(table.name));
  if (misplaced)
    throw new Error(
      `${path.join(dir, DATA_EXPORT_MANIFEST)} names ${JSON.stringify(misplaced.file)} for ` +
        `table ${misplaced.name}, not ${tableFile(misplaced.name)}: the export is damaged.`,
    );
  const unknown = manifest.tables.filter(
    (table) => !(IMPORTED_TABLES as readonly string[]).includes(table.name) && !(table.name in SKIPPED_TABLES),
  );
  if (unknown.length > 0)
    throw new Error(
      `The export in ${dir} has tables this build does not know: ${unknown.map((table) => table.name).join(', ')}.`,
    );
  return manifest;
}

/**
 * What the database already holds of what an import brings, e.g. "3 tasks, 1 api_keys"; undefined when it holds none
 * (settings aside: a service started on the empty database made its own, which the export's replace).
 */
export async function existingRecords(db: SqlClient): Promise<string | undefined> {
  const held: string[] = [];
  for (const table of IMPORTED_TABLES) {
    if (MERGED_TABLES.has(table)) continue;
    const row = await db.get<{ n: number }>(`SELECT count(*) AS n FROM ${quote(table)}`);
    const count = Number(row?.n ?? 0);
    if (count > 0) held.push(`${count} ${table}`);
  }
  return held.length ? held.join(', ') : undefined;
}

export interface ImportedTables {
  /** Rows inserted per table, in insert order. */
  tables: { name: string; rows: number }[];
  /** Unfinished tasks given a job in the queue. */
  queuedJobs: number;
}

export interface ImportOptions {
  now?: number;
  /** Called after each table's rows went in (still inside the transaction). */
  onTable?(table: { name: string; rows: number }): void;
  /** Names the database in messages (without its password). */
  where: string;
}

// One import at a time per database, and the emptiness check inside the same transaction as the inserts.
const IMPORT_LOCK = "SELECT pg_advisory_xact_lock(hashtext('dubdesk.import-data'))";

/**
 * Inserts the export's rows into a PostgreSQL database at this build's schema that holds no records yet, in one
 * transaction: all of it or nothing. Leases and delivery claims are released, and every unfinished task gets its
 * job in the queue.
 */
export async function importTables(
  db: SqlClient,
  dir: string,
  manifest: DataExportManifest,
  options: ImportOptions,
): Promise<ImportedTables> {
  if (db.dialect !== 'postgres')
    throw new Error("An export is imported into PostgreSQL; a data folder's SQLite file is the export's source.");
  const now = options.now ?? Date.now();
  return db.transaction(async (tx) => {
    await tx.all(IMPORT_LOCK);
    const held = await existingRecords(tx);
    if (held) throw new Error(nonEmptyMessage(options.where, held));
    const tables: ImportedTables['tables'] = [];
    for (const name of IMPORTED_TABLES) {
      const exported = manifest.tables.find((table) => table.name === name);
      if (!exported) continue;
      const rows = await importTable(tx, name, dir, exported.file);
      if (rows !== exported.rows)
        throw new Error(
          `${exported.file} holds ${rows} rows, its manifest says ${exported.rows}: the export is damaged; export the data folder again.`,
        );
      tables.push({ name, rows });
      options.onTable?.({ name, rows });
    }
    return { tables, queuedJobs: await enqueueMissingTaskJobs(tx, now) };
  });
}

export function nonEmptyMessage(where: string, held: string): string {
  return (
    `The database ${where} already holds DubDesk records (${held}). import-data moves a data ` +
    `folder into a new installation: import into an empty database (a new one, brought to the ` +
    `schema with \`dubdesk migrate\`).`
  );
}

interface TargetColumn {
  column_name: string;
  is_identity: string;
}

async function importTable(tx: SqlClient, table: string, dir: string, file: string): Promise<number> {
  const target = await tx.all<TargetColumn>(
    'SELECT column_name, is_identity FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
    [table],
  );
  const known = new Set(target.map((column) => column.column_name));
  const identity = target.filter((column) => column.is_identity === 'YES').map((column) => column.column_name);
  const released = new Set(RELEASED_COLUMNS[table] ?? []);
  let columns: string[] | undefined;
  let batch: Record<string, unknown>[] = [];
  let count = 0;

  const flush = async () => {
    if (batch.length === 0) return;
    const params: SqlValue[] = [];
    const tuples = batch.map(
      (row) =>
        `(${columns!
          .map((column) => {
            params.push(released.has(column) ? null : sqlValue(row[column]));
            return `$${params.length}`;
          })
          .join(', ')})`,
    );
    const overriding = columns!.some((column) => identity.includes(column)) ? ' OVERRIDING SYSTEM VALUE' : '';
    const conflict = MERGED_TABLES.has(table) ? ` ON CONFLICT (key) DO UPDATE SET value = excluded.value` : '';
    try {
      await tx.run(
        `INSERT INTO ${quote(table)} (${columns!.map(quote).join(', ')})${overriding} VALUES ${tuples.join(', ')}${conflict}`,
        params,
      );
    } catch (error) {
      throw new Error(
        `Importing ${table} (rows ${count - batch.length + 1}-${count}) failed: ${(error as Error).message}`,
      );
    }
    batch = [];
  };

  const source = await openInTree(dir, file, { where: exportFolderLabel(dir) });
  // The stream closes the handle when it ends or is destroyed.
  const input = source.handle.createReadStream({ encoding: 'utf8' });
  try {
    const lines = createInterface({ input, crlfDelay: Infinity });
    for await (const line of lines) {
      if (line === '') continue;
      let row: Record<string, unknown>;
      try {
        row = JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(
          `${path.join(dir, file)} has a line that is not JSON (row ${count + 1}): the export is damaged; export the data folder again.`,
        );
      }
      if (!columns) {
        columns = Object.keys(row);
        const missing = columns.filter((column) => !known.has(column));
        if (missing.length > 0)
          throw new Error(
            `The database has no column ${missing.join(', ')} in table ${table}: it is not at this build's schema.`,
          );
      }
      batch.push(row);
      count += 1;
      if (batch.length >= BATCH_ROWS) await flush();
    }
    await flush();
  } finally {
    input.destroy();
  }
  // Rows keep their ids; the identity sequence continues after the highest, so new rows never collide with them.
  for (const column of identity) {
    if (count > 0 && columns?.includes(column)) {
      await tx.all(
        `SELECT setval(pg_get_serial_sequence($1, $2), (SELECT max(${quote(column)}) FROM ${quote(table)}))`,
        [table, column],
      );
    }
  }
  return count;
}

/** A value as read from SQLite (text, number, null) for a parameter; JSON text goes into jsonb as it is. */
function sqlValue(value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return JSON.stringify(value);
}
