// `npm start`: the desktop window where Electron can run; otherwise the headless service, whose
// start line says where to open the GUI in a browser. Run after `electron-vite build`.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants as osConstants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Pure: `--headless` is ours; every other argument goes on to the window or to `serve`. */
export function parseStartArgs(argv) {
  return { headless: argv.includes('--headless'), passThrough: argv.filter((arg) => arg !== '--headless') };
}

/** The Electron executable, or why there is none that can show a window here. */
export function findElectron(platform = process.platform, env = process.env) {
  let dir;
  try {
    dir = path.dirname(require.resolve('electron/package.json', { paths: [root] }));
  } catch {
    return { reason: 'Electron is not installed' };
  }
  const pathFile = path.join(dir, 'path.txt');
  const binary = existsSync(pathFile) ? path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()) : undefined;
  if (!binary || !existsSync(binary))
    return {
      reason: 'the Electron binary is not installed (run `npm run setup -- --retry-electron` where the network allows)',
    };
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY)
    return { reason: 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)' };
  return { binary };
}

// The child's stdin is our lifeline pipe (src/main/launcher-lifeline.ts): it closes when we exit, even by kill -9.
const LIFELINE_ENV = 'DUBDESK_STOP_ON_STDIN_EOF';

/**
 * True when our group is the foreground group of a terminal, so a Ctrl+C there reached the child as it
 * reached us. Otherwise a SIGINT was sent to us alone (kill -INT, a test, a supervisor) and is passed on.
 */
function terminalSignalsOurGroup() {
  // Windows sends Ctrl+C to every process attached to the console.
  if (process.platform === 'win32') return true;
  try {
    if (process.platform === 'linux') {
      const stat = readFileSync('/proc/self/stat', 'utf8');
      const [, , pgrp, , , tpgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return tpgid !== '-1' && tpgid === pgrp;
    }
    const [pgid, tpgid] = execFileSync('ps', ['-o', 'pgid=,tpgid=', '-p', String(process.pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/);
    return tpgid === pgid;
  } catch {
    return false;
  }
}

/**
 * Runs a child with our terminal and exits with its status. The child stays in our process group, so
 * whatever kills the group (a supervisor, a closing terminal) kills it too, and Ctrl+C reaches it
 * once, from the terminal: we pass SIGINT on only when no terminal sent it. SIGTERM/SIGHUP are passed on.
 * If we die anyway, the closing stdin pipe tells the child to stop.
 */
function runForwarding(command, args) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['pipe', 'inherit', 'inherit'],
    env: { ...process.env, [LIFELINE_ENV]: '1' },
  });
  // We never write to it; a child that closed its end must not crash us.
  child.stdin.on('error', () => {});
  process.on('SIGINT', () => {
    if (!terminalSignalsOurGroup()) child.kill('SIGINT');
  });
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`DubDesk could not start ${command}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? osConstants.signals[signal] : 0)));
}

function requireBuilt(file) {
  if (existsSync(file)) return;
  console.error(`${path.relative(root, file)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

function start(argv) {
  const { headless, passThrough } = parseStartArgs(argv);
  const electron = headless ? undefined : findElectron();
  if (electron?.binary) {
    const main = path.join(root, 'out', 'main', 'index.js');
    requireBuilt(main);
    runForwarding(electron.binary, [main, ...passThrough]);
    return;
  }
  if (electron)
    console.log(
      `DubDesk is starting without its window because ${electron.reason}; open the GUI in a browser at the address below.`,
    );
  const cli = path.join(root, 'out', 'main', 'cli.js');
  requireBuilt(cli);
  runForwarding(process.execPath, [cli, 'serve', ...passThrough]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) start(process.argv.slice(2));
