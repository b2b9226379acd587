import { watchLauncher } from '../../main/launcher-lifeline.js';
import { startService } from '../../main/service.js';
import { cliCommandLine, findCliBin } from '../data-dir.js';
import { configFromFlags, parseFlags, SERVICE_FLAGS } from '../options.js';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * `dubdesk serve`: runs the headless service until SIGINT/SIGTERM/SIGHUP (or, under `npm start`, until
 * the launcher is gone), then drains and exits. A second signal while draining is answered, not obeyed:
 * a terminal and a supervisor may both signal, and dying half-way would only leave work to redo.
 */
export async function serveCommand(args: string[], out: NodeJS.WritableStream): Promise<number> {
  const { values } = parseFlags(args, SERVICE_FLAGS);
  const config = configFromFlags(values);

  let stopping = false;
  let stopped!: () => void;
  const stopRequested = new Promise<void>((resolve) => { stopped = resolve; });
  const stop = (reason: string): void => {
    if (stopping) {
      out.write(`${reason}: already stopping, please wait...\n`);
      return;
    }
    stopping = true;
    // The terminal may be gone with the launcher: a failed write must not abort the drain.
    out.on('error', () => {});
    out.write(`${reason}: finishing up (running jobs resume at the next start)...\n`);
    stopped();
  };
  // From before the start (a signal during it stops the service once it runs) until the process exits
  // (a signal after the drain must not kill it in its last moments).
  for (const signal of STOP_SIGNALS) process.on(signal, stop);
  const stopWatchingLauncher = watchLauncher(() => stop('The launcher exited'));

  let service: Awaited<ReturnType<typeof startService>>;
  try {
    service = await startService(config, { log: (line) => out.write(`${line}\n`), announce: true });
  } catch (error) {
    // Nothing is running: the command's signal handlers and launcher watch go with it.
    for (const signal of STOP_SIGNALS) process.off(signal, stop);
    stopWatchingLauncher();
    throw error;
  }
  out.write(`Open the DubDesk GUI in a browser: ${service.guiUrl}\n`);
  out.write(`Data folder: ${config.dataDir}\n`);
  // npm sets INIT_CWD to where `npm start` was typed, which is where the printed command must work.
  out.write(`CLI: ${cliCommandLine(findCliBin(), process.env.INIT_CWD ?? process.cwd(), config.dataDir)}\n`);
  await stopRequested;
  // One turn of the event loop first, so signals that arrived together are all answered before the drain
  // starts (starting it inside the first one's callback was seen to swallow the second).
  await new Promise((resolve) => setImmediate(resolve));
  try {
    await service.close();
    out.write('DubDesk stopped.\n');
  } finally {
    stopWatchingLauncher();
  }
  return 0;
}
