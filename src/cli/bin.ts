// Executable entry of the CLI bundle (out/main/cli.js); main.ts stays importable without side effects.
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
