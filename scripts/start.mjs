// `npm start`: the desktop window where Electron can run; otherwise the headless service, whose
// start line says where to open the GUI in a browser. Run after `electron-vite build`.
import { spawn } from 'node:child_process';
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
  if (!binary || !existsSync(binary)) return { reason: 'the Electron binary is not installed (run `npm run setup -- --retry-electron` where the network allows)' };
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return { reason: 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)' };
  return { binary };
}

/** Runs a child with our terminal, passes Ctrl+C and termination on, and exits with its status. */
function runForwarding(command, args) {
  // Its own process group, so Ctrl+C in the terminal reaches it once (through us), not twice.
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: process.platform !== 'win32' });
  const forward = (signal) => () => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward(signal));
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
  if (electron) console.log(`DubDesk is starting without its window because ${electron.reason}; open the GUI in a browser at the address below.`);
  const cli = path.join(root, 'out', 'main', 'cli.js');
  requireBuilt(cli);
  runForwarding(process.execPath, [cli, 'serve', ...passThrough]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) start(process.argv.slice(2));
