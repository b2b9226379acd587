import { cliDataDir } from '../data-dir.js';
import { parseFlags } from '../options.js';
import { dataPaths } from '../../main/config.js';
import { createModelStore } from '../../main/models/model-store.js';
import { modelsCommand } from './models.js';

/** `dubdesk models ...` on the data folder's model store (files only, so it works beside a running service). */
export async function modelsCliCommand(args: string[], out: NodeJS.WritableStream): Promise<number> {
  // Only --data-dir (either spelling) is taken out here; the models command parses the rest itself.
  const isDataDir = (word: string) => word === '--data-dir' || word.startsWith('--data-dir=');
  const dataDirAt = args.findIndex(isDataDir);
  const dataDirLength = dataDirAt >= 0 && args[dataDirAt] === '--data-dir' ? 2 : 1;
  const dataDirArgs = dataDirAt >= 0 ? args.slice(dataDirAt, dataDirAt + dataDirLength) : [];
  const rest = dataDirAt >= 0 ? [...args.slice(0, dataDirAt), ...args.slice(dataDirAt + dataDirLength)] : args;
  const { values } = parseFlags(dataDirArgs, { 'data-dir': { type: 'string' } });
  const store = createModelStore({ modelsDir: dataPaths(cliDataDir(values['data-dir'])).models });
  const controller = new AbortController();
  const abort = () => controller.abort();
  process.once('SIGINT', abort);
  try {
    return await modelsCommand(rest, store, out, { signal: controller.signal });
  } finally {
    process.off('SIGINT', abort);
    await store.close();
  }
}
