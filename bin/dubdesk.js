#!/usr/bin/env node
// The `dubdesk` command: the built CLI when there is one, else the TypeScript sources through tsx (dev checkout).
import { existsSync } from 'node:fs';

const built = new URL('../out/main/cli.js', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/cli/bin.ts', import.meta.url).href);
}
