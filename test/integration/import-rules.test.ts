// The import rules (.dependency-cruiser.cjs, the table of docs/architecture.md) run by the depcruise CLI, as
// `npm test` runs them, on small source trees written here: each broken rule is named with its file.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = path.join(repo, '.dependency-cruiser.cjs');
const trees: string[] = [];

/** Writes the files (paths relative to the tree) plus the npm packages the rules name, and returns the tree. */
function sourceTree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-import-rules-'));
  trees.push(root);
  const packages = ['electron', 'electron-updater', 'onnxruntime-node', 'better-sqlite3', 'pg'];
  for (const name of packages) {
    files[`node_modules/${name}/package.json`] = JSON.stringify({ name, version: '1.0.0', main: 'index.js' });
    files[`node_modules/${name}/index.js`] = 'module.exports = {};\n';
  }
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

function runRules(root: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [depcruise, 'src', '--config', config], { cwd: root }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** A module every import below can point at. */
const TARGETS: Record<string, string> = {
  'src/shared/x.ts': 'export const x = 1;\n',
  'src/main/store/x.ts': 'export const x = 1;\n',
  'src/main/store/x-repository.ts': 'export interface X { id: string }\n',
  'src/main/queue/x.ts': 'export const x = 1;\n',
  'src/main/engines/x.ts': 'export const x = 1;\n',
  'src/main/models/x.ts': 'export const x = 1;\n',
  'src/main/api/x.ts': 'export const x = 1;\n',
  'src/main/electron/x.ts': 'export const x = 1;\n',
  'src/main/files/guarded-lookup.ts': 'export const x = 1;\n',
  'src/main/files/shared-storage.ts': 'export interface SharedStorage { location: string }\n',
  'src/main/files/atomic-write.ts': 'export const write = 1;\n',
  'src/main/storage/x.ts': 'export interface X { id: string }\n',
  'src/main/requests/x.ts': 'export const x = 1;\n',
  'src/main/pipelines/lender-stage.ts': 'export const x = 1;\nexport interface Shape { n: number }\n',
  'src/main/config.ts': 'export const x = 1;\n',
};

afterAll(() => {
  for (const root of trees) fs.rmSync(root, { recursive: true, force: true });
});

describe('import rules', () => {
  it('fail with the rule and the file for every row of the table that an import breaks', async () => {
    const root = sourceTree({
      ...TARGETS,
      'src/shared/bad.ts': "import fs from 'node:fs';\nexport const y = fs;\n",
      'src/main/store/bad.ts': "import { x } from '../queue/x.js';\nexport const y = x;\n",
      'src/main/media/bad.ts': "import { x } from '../store/x.js';\nexport const y = x;\n",
      'src/main/files/bad.ts': "import type { X } from '../store/x-repository.js';\nexport type Y = X;\n",
      'src/main/logging/bad.ts': "import { x } from '../../shared/x.js';\nexport const y = x;\n",
      'src/main/models/bad.ts': "import { x } from '../engines/x.js';\nexport const y = x;\n",
      'src/main/engines/bad.ts': "import { x } from '../store/x.js';\nexport const y = x;\n",
      'src/main/requests/bad.ts': "import { x } from '../queue/x.js';\nexport const y = x;\n",
      // A type-only import counts: the rule is that a pipeline never even names the store's types.
      'src/main/pipelines/bad.ts': "import type { X } from '../store/x-repository.js';\nexport type Y = X;\n",
      'src/main/pipelines/bad-models.ts': "import { x } from '../models/x.js';\nexport const y = x;\n",
      'src/main/queue/bad.ts': "import { x } from '../api/x.js';\nexport const y = x;\n",
      // A project's service reaches the queue only through the job service, never the runner's insides.
      'src/main/projects/bad.ts': "import { x } from '../queue/x.js';\nexport const y = x;\n",
      // Dubbing sits under the kinds: it never names a stage's types, and only pipelines, projects and quality use it.
      'src/main/dubbing/x.ts': 'export const x = 1;\n',
      'src/main/dubbing/bad.ts': "import type { Shape } from '../pipelines/lender-stage.js';\nexport type Y = Shape;\n",
      'src/main/engines/bad-dubbing.ts': "import { x } from '../dubbing/x.js';\nexport const y = x;\n",
      'src/main/api/bad.ts': "import { x } from '../electron/x.js';\nexport const y = x;\n",
      'src/main/api/routes/bad.ts': "import type { Core } from '../../core.js';\nexport type Y = Core;\n",
      'src/main/core.ts': "import { s } from './service.js';\nexport interface Core { s: typeof s }\n",
      // The core's parts (core-*.ts) follow core.ts's row: never the API, and no route reaches them either.
      'src/main/core-bad-part.ts': "import { x } from './api/x.js';\nexport const y = x;\n",
      'src/main/api/routes/bad-part.ts': "import { y } from '../../core-bad-part.js';\nexport const z = y;\n",
      'src/main/service.ts': "import { x } from './electron/x.js';\nexport const s = x;\n",
      'src/main/electron/bad.ts': "import { x } from '../store/x.js';\nexport const y = x;\n",
      'src/cli/bad.ts': "import { x } from '../main/electron/x.js';\nexport const y = x;\n",
      'src/renderer/src/Bad.tsx':
        "import path from 'node:path';\nimport { x } from '../../main/api/x.js';\nexport const Bad = () => <p>{path.sep}{x}</p>;\n",
      'src/main/running-services.ts': "import { x } from './store/x.js';\nexport const y = x;\n",
      'src/main/ids.ts': "import { x } from './store/x.js';\nexport const y = x;\n",
      'src/main/queue/window.ts': "import electron from 'electron';\nexport const y = electron;\n",
      'src/main/engines/session.ts': "import ort from 'onnxruntime-node';\nexport const y = ort;\n",
      // The headless service and the CLI never update themselves: only the desktop shell loads the updater.
      'src/main/service-updates.ts': "import updater from 'electron-updater';\nexport const y = updater;\n",
      'src/cli/update.ts': "import updater from 'electron-updater';\nexport const y = updater;\n",
      'src/preload/updates.ts': "import updater from 'electron-updater';\nexport const y = updater;\n",
      'src/main/files/db.ts': "import Database from 'better-sqlite3';\nexport const y = Database;\n",
      'src/main/queue/pg-pool.ts': "import pg from 'pg';\nexport const y = pg;\n",
      'src/main/media/typo.ts': "import { x } from './missing.js';\nexport const y = x;\n",
      // The file store uses shared storage only through the contract in files; a backend's own types are out of reach.
      'src/main/files/bad-storage.ts': "import type { X } from '../storage/x.js';\nexport type Y = X;\n",
      // Nothing under the API imports it: a command (like core) takes body validation from requests, not api.
      'src/cli/bad-api.ts': "import { x } from '../main/api/x.js';\nexport const y = x;\n",
      'src/main/pipelines/borrower-stage.ts': "import { x } from './lender-stage.js';\nexport const y = x;\n",
      // A cycle of type-only imports inside pipelines counts too.
      'src/main/pipelines/cycle-a.ts': "import type { B } from './cycle-b.js';\nexport interface A { b?: B }\n",
      'src/main/pipelines/cycle-b.ts': "import type { A } from './cycle-a.js';\nexport interface B { a?: A }\n",
      // A stage's parts (the folder named after it) are its own: another stage or the kind's index never imports them.
      'src/main/pipelines/kind/owner/part.ts': 'export const part = 1;\nexport type Part = number;\n',
      'src/main/pipelines/kind/other-stage.ts': "import { part } from './owner/part.js';\nexport const y = part;\n",
      'src/main/pipelines/kind/index.ts': "import type { Part } from './owner/part.js';\nexport type Y = Part;\n",
    });
    const { code, output } = await runRules(root);
    expect(code).not.toBe(0);
    const expected: [rule: string, file: string][] = [
      ['shared', 'src/shared/bad.ts'],
      ['store', 'src/main/store/bad.ts'],
      ['media', 'src/main/media/bad.ts'],
      ['files', 'src/main/files/bad.ts'],
      ['logging', 'src/main/logging/bad.ts'],
      ['models', 'src/main/models/bad.ts'],
      ['engines', 'src/main/engines/bad.ts'],
      ['requests', 'src/main/requests/bad.ts'],
      ['pipelines', 'src/main/pipelines/bad.ts'],
      ['pipelines', 'src/main/pipelines/bad-models.ts'],
      ['queue', 'src/main/queue/bad.ts'],
      ['projects', 'src/main/projects/bad.ts'],
      ['dubbing', 'src/main/dubbing/bad.ts'],
      ['dubbing-for-kinds', 'src/main/engines/bad-dubbing.ts'],
      ['api', 'src/main/api/bad.ts'],
      ['api-routes', 'src/main/api/routes/bad.ts'],
      ['core', 'src/main/core.ts'],
      ['core', 'src/main/core-bad-part.ts'],
      ['api-routes', 'src/main/api/routes/bad-part.ts'],
      ['service', 'src/main/service.ts'],
      ['electron-shell', 'src/main/electron/bad.ts'],
      ['cli', 'src/cli/bad.ts'],
      ['renderer', 'src/renderer/src/Bad.tsx'],
      ['running-services', 'src/main/running-services.ts'],
      ['leaves', 'src/main/ids.ts'],
      ['electron-only-in-shell', 'src/main/queue/window.ts'],
      ['onnxruntime-only-in-onnx-runtime', 'src/main/engines/session.ts'],
      ['updater-only-in-desktop', 'src/main/service-updates.ts'],
      ['updater-only-in-desktop', 'src/cli/update.ts'],
      ['updater-only-in-desktop', 'src/preload/updates.ts'],
      ['sqlite-only-in-store', 'src/main/files/db.ts'],
      ['pg-only-in-store', 'src/main/queue/pg-pool.ts'],
      ['no-unresolvable', 'src/main/media/typo.ts'],
      ['files', 'src/main/files/bad-storage.ts'],
      ['api-on-top', 'src/cli/bad-api.ts'],
      ['stage-lends-nothing', 'src/main/pipelines/borrower-stage.ts'],
      ['no-circular-pipelines', 'src/main/pipelines/cycle-a.ts'],
      ['stage-parts-private', 'src/main/pipelines/kind/other-stage.ts'],
      ['stage-parts-private', 'src/main/pipelines/kind/index.ts'],
    ];
    for (const [rule, file] of expected) expect(output).toContain(`error ${rule}: ${file} → `);
    // The renderer rule sees both of the TSX file's imports: the node built-in and src/main.
    expect(output).toMatch(/error renderer: src\/renderer\/src\/Bad\.tsx → (node:)?path/);
    expect(output).toContain('error renderer: src/renderer/src/Bad.tsx → src/main/api/x.ts');
  });

  it('fail on an import cycle that runs through two modules, not on one inside a module', async () => {
    const root = sourceTree({
      ...TARGETS,
      // A folder the table has no row for and core.ts may each import the other; together they are a cycle.
      'src/main/plugins/build.ts':
        "import type { Core } from '../core.js';\nexport const build = (core: Core) => core;\n",
      'src/main/core.ts':
        "import { build } from './plugins/build.js';\nexport interface Core { build: typeof build }\n",
      'src/main/engines/a.ts': "import type { B } from './b.js';\nexport interface A { b?: B }\n",
      'src/main/engines/b.ts': "import type { A } from './a.js';\nexport interface B { a?: A }\n",
    });
    const { code, output } = await runRules(root);
    expect(code).not.toBe(0);
    // The cycle is reported once, from whichever of its two files the cruise reaches first.
    expect(output).toMatch(/error no-circular: src\/main\/(core\.ts|plugins\/build\.ts) → /);
    expect(output).not.toContain('src/main/engines/a.ts');
  });

  it('pass on imports the table allows', async () => {
    const root = sourceTree({
      ...TARGETS,
      'src/main/pipelines/stage.ts':
        "import { x } from '../engines/x.js';\nimport { x as shared } from '../../shared/x.js';\nexport const y = x + shared;\n",
      'src/main/queue/callbacks.ts':
        "import { x } from '../files/guarded-lookup.js';\nimport { x as store } from '../store/x.js';\nexport const y = x + store;\n",
      'src/main/api/routes/things.ts': "import type { X } from '../../store/x-repository.js';\nexport type Y = X;\n",
      'src/main/models/onnx-runtime.ts': "import ort from 'onnxruntime-node';\nexport const y = ort;\n",
      'src/main/store/database.ts': "import Database from 'better-sqlite3';\nexport const y = Database;\n",
      'src/main/store/postgres/pool.ts': "import pg from 'pg';\nexport const y = pg;\n",
      'src/main/index.ts':
        "import electron from 'electron';\nimport { x } from './config.js';\nexport const y = [electron, x];\n",
      'src/main/electron/updates/adapter.ts': "import updater from 'electron-updater';\nexport const y = updater;\n",
      'src/renderer/src/Good.tsx': "import { x } from '../../shared/x.js';\nexport const Good = () => <p>{x}</p>;\n",
      // A stage may name another stage's types; values come from a module that is not a stage.
      'src/main/pipelines/typed-stage.ts':
        "import type { Shape } from './lender-stage.js';\nimport { helper } from './helper.js';\nexport const y: Shape = { n: helper };\n",
      'src/main/pipelines/helper.ts': 'export const helper = 1;\n',
      'src/main/storage/backend.ts':
        "import type { SharedStorage } from '../files/shared-storage.js';\nimport { write } from '../files/atomic-write.js';\nexport const y = (s: SharedStorage) => [s, write];\n",
      'src/main/core.ts': "import { x } from './requests/x.js';\nexport const y = x;\n",
      // A stage imports its parts, which import each other; a stage file in a kind's subfolder is a stage like any.
      'src/main/pipelines/kind/owner-stage.ts': "import { part } from './owner/part.js';\nexport const y = part;\n",
      'src/main/pipelines/kind/owner/part.ts':
        "import { sibling } from './sibling.js';\nexport const part = sibling;\n",
      'src/main/pipelines/kind/owner/sibling.ts': 'export const sibling = 1;\n',
      'src/main/pipelines/kind/family/grouped-stage.ts': 'export const z = 1;\n',
      'src/main/pipelines/kind/index.ts':
        "import { y } from './owner-stage.js';\nimport { z } from './family/grouped-stage.js';\nexport const stages = [y, z];\n",
    });
    const { code, output } = await runRules(root);
    expect(output).toContain('no dependency violations found');
    expect(code).toBe(0);
  });
});
