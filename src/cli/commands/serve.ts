import { startService } from '../../main/service.js';
import { configFromFlags, parseFlags, SERVICE_FLAGS } from '../options.js';

/** `dubdesk serve`: runs the headless service until SIGINT/SIGTERM, then drains and exits. */
export async function serveCommand(args: string[], out: NodeJS.WritableStream): Promise<number> {
  const { values } = parseFlags(args, SERVICE_FLAGS);
  const config = configFromFlags(values);
  const service = await startService(config, { log: (line) => out.write(`${line}\n`) });
  out.write(`Open the DubDesk GUI in a browser: ${service.guiUrl}\n`);
  out.write(`Data folder: ${config.dataDir}\n`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      out.write(`${signal}: finishing up (running jobs resume at the next start)...\n`);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await service.close();
  out.write('DubDesk stopped.\n');
  return 0;
}
