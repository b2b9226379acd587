// Finishes an install made with ignore-scripts (see .npmrc): builds what must be built,
// fetches what can be fetched, and tolerates an offline machine. Safe to run every time.
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { logTail, outcomeText } from './setup-log.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const quiet = process.argv.includes('--quiet');
const say = (line) => {
  if (!quiet) console.log(`[setup] ${line}`);
};
const logDir = path.join(root, 'node_modules', '.dubdesk-setup');

/**
 * Runs a long build as one progress line; its full output (hundreds of compiler warnings) goes to a log file
 * whose path is printed, and its tail is shown when it fails.
 */
function runLogged(title, logName, command, args, options = {}) {
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, logName);
  if (!quiet) process.stdout.write(`[setup] ${title} (log: ${path.relative(process.cwd(), logFile) || logFile})... `);
  const fd = openSync(logFile, 'w');
  const started = Date.now();
  let result;
  try {
    result = spawnSync(command, args, { ...options, stdio: ['ignore', fd, fd] });
  } finally {
    closeSync(fd);
  }
  const ok = result.status === 0;
  if (!quiet) process.stdout.write(`${outcomeText({ ok, ms: Date.now() - started, logFile })}\n`);
  if (!ok) console.error(`[setup] the end of ${logFile}:\n${logTail(readFileSync(logFile, 'utf8'))}`);
  return ok;
}

function packageDir(name) {
  return path.dirname(require.resolve(`${name}/package.json`, { paths: [root] }));
}

function sqliteWorks() {
  const probe = spawnSync(
    process.execPath,
    ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"],
    { cwd: root, stdio: 'ignore' },
  );
  return probe.status === 0;
}

function buildSqlite() {
  if (sqliteWorks()) return;
  // npm runs the package's own install script (prebuild-install || node-gyp) with npm's bundled node-gyp.
  const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  const built = runLogged(
    `Building better-sqlite3 for Node ${process.versions.node} (a prebuilt download if the network allows, else from source: about a minute)`,
    'better-sqlite3-build.log',
    npm[0],
    [...npm[1], 'rebuild', 'better-sqlite3', '--ignore-scripts=false', '--foreground-scripts'],
    { cwd: root, shell: process.platform === 'win32' && !process.env.npm_execpath },
  );
  if (!built || !sqliteWorks()) {
    console.error(
      '[setup] better-sqlite3 could not be built: install python3, make and a C++ compiler, then run `npm run setup`.',
    );
    process.exit(1);
  }
}

function electronBinaryPresent() {
  const dir = packageDir('electron');
  const pathFile = path.join(dir, 'path.txt');
  return existsSync(pathFile) && existsSync(path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()));
}

function tryElectronDownload() {
  let dir;
  try {
    dir = packageDir('electron');
  } catch {
    return;
  } // production installs have no Electron
  if (electronBinaryPresent()) return;
  const marker = path.join(dir, '.dubdesk-download-attempted');
  // One attempt per install: an offline machine should not wait on the network at every start.
  if (existsSync(marker) && !process.argv.includes('--retry-electron')) return;
  writeFileSync(marker, new Date().toISOString());
  say('fetching the Electron binary (needed only for the desktop window)');
  const result = spawnSync(process.execPath, ['install.js'], { cwd: dir, stdio: 'ignore', timeout: 180_000 });
  if (result.status === 0 && electronBinaryPresent()) say('Electron binary installed');
  else
    say(
      'Electron binary not available (offline?): DubDesk will run headless with the GUI in a browser. Retry with `npm run setup -- --retry-electron`.',
    );
}

/**
 * The desktop window loads better-sqlite3 inside Electron, whose ABI differs from Node's. The Node build stays
 * in place for the CLI and tests; an Electron build goes to node_modules/.dubdesk-electron/ (src/main/index.ts).
 */
function buildSqliteForElectron() {
  if (!electronBinaryPresent()) return;
  const target = path.join(root, 'node_modules', '.dubdesk-electron', 'better_sqlite3.node');
  if (existsSync(target)) return;
  const electronVersion = JSON.parse(readFileSync(path.join(packageDir('electron'), 'package.json'), 'utf8')).version;
  const work = mkdtempSync(path.join(os.tmpdir(), 'dubdesk-sqlite-electron-'));
  try {
    cpSync(packageDir('better-sqlite3'), work, {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}build${path.sep}`),
    });
    // An empty nodedir matters: a user npmrc `nodedir` would otherwise make node-gyp build for Node silently.
    const env = {
      ...process.env,
      npm_config_nodedir: '',
      npm_config_runtime: 'electron',
      npm_config_target: electronVersion,
      npm_config_disturl: 'https://electronjs.org/headers',
    };
    const prebuilt = spawnSync(
      process.execPath,
      [
        require.resolve('prebuild-install/bin.js', { paths: [root] }),
        '--runtime',
        'electron',
        '--target',
        electronVersion,
      ],
      { cwd: work, env, stdio: 'ignore' },
    );
    let built = path.join(work, 'build', 'Release', 'better_sqlite3.node');
    if (prebuilt.status !== 0 || !existsSync(built)) {
      // npm hands its bundled node-gyp to the scripts it runs (`npm start`, `npm run setup`).
      const nodeGyp = process.env.npm_config_node_gyp;
      if (!nodeGyp) {
        say('run `npm run setup` to build better-sqlite3 for Electron (node-gyp comes with npm).');
        return;
      }
      const gyp = runLogged(
        `Building better-sqlite3 from source for Electron ${electronVersion} (about a minute)`,
        'better-sqlite3-electron-build.log',
        process.execPath,
        [
          nodeGyp,
          'rebuild',
          '--release',
          `--target=${electronVersion}`,
          '--runtime=electron',
          '--dist-url=https://electronjs.org/headers',
        ],
        { cwd: work, env },
      );
      built = path.join(work, 'build', 'Release', 'better_sqlite3.node');
      if (!gyp || !existsSync(built)) {
        say(
          'better-sqlite3 for Electron could not be built (offline?); the desktop window needs it, the headless service does not.',
        );
        return;
      }
    }
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(built, target);
    say('better-sqlite3 for Electron ready');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

buildSqlite();
tryElectronDownload();
buildSqliteForElectron();
