import { startService } from '../../main/service.js';
import { cliCommandLine, findCliBin } from '../data-dir.js';
import { configFromFlags, parseFlags, SERVICE_FLAGS } from '../options.js';
import { listenForStop } from '../stop-signals.js';

/**
 * `dubdesk serve`: runs the headless service until SIGINT/SIGTERM/SIGHUP (or, under `npm start`, until the launcher
 * is gone), then drains and exits.
 */
export async function serveCommand(args: string[], out: NodeJS.WritableStream): Promise<number> {
  const { values } = parseFlags(args, SERVICE_FLAGS);
  const config = configFromFlags(values);
  const stop = listenForStop(out, 'finishing up (running jobs resume at the next start)...');
  let service: Awaited<ReturnType<typeof startService>>;
  try {
    service = await startService(config, { log: (line) => out.write(`${line}\n`), announce: true });
  } catch (error) {
    // Nothing is running: the command's signal handlers and launcher watch go with it.
    stop.dispose();
    throw error;
  }
  out.write(`Open the DubDesk GUI in a browser: ${service.guiUrl}\n`);
  out.write(`Data folder: ${config.dataDir}\n`);
  // npm sets INIT_CWD to where `npm start` was typed, which is where the printed command must work.
  out.write(`CLI: ${cliCommandLine(findCliBin(), process.env.INIT_CWD ?? process.cwd(), config.dataDir)}\n`);
  await stop.requested;
  try {
    await service.close();
    out.write('DubDesk stopped.\n');
  } finally {
    stop.drained();
  }
  return 0;
}
