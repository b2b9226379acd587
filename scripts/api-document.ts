// The API document and the client types generated from it, as checked in (`npm run api:generate` writes both).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateTypes } from 'dubdesk-codegen/generate-types';
import { buildApp } from '../src/main/api/build-app.js';
import { DEFAULT_PORT, resolveConfig } from '../src/main/config.js';
import { createCore } from '../src/main/core.js';

const root = path.resolve(import.meta.dirname, '..');
export const DOCUMENT_FILE = path.join(root, 'docs', 'openapi.json');
export const TYPES_FILE = path.join(root, 'src', 'shared', 'api', 'openapi-types.ts');

/** The document of the built-in service at its default address, from a throwaway data folder (nothing listens). */
export async function serviceDocument(): Promise<Record<string, unknown>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-openapi-'));
  const apiKey = 'openapi-generation';
  const core = await createCore(resolveConfig({ dataDir, host: '127.0.0.1', port: DEFAULT_PORT, apiKey }, {}));
  try {
    const app = await buildApp(core);
    const answer = await app.inject({
      url: '/v1/openapi.json',
      headers: { authorization: `Bearer ${apiKey}`, host: `127.0.0.1:${DEFAULT_PORT}` },
    });
    await app.close();
    if (answer.statusCode !== 200)
      throw new Error(`GET /v1/openapi.json answered ${answer.statusCode}: ${answer.body}`);
    return JSON.parse(answer.body) as Record<string, unknown>;
  } finally {
    await core.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** The two files' contents as they should be checked in. */
export async function generatedFiles(): Promise<{ document: string; types: string }> {
  const document = await serviceDocument();
  return { document: `${JSON.stringify(document, null, 2)}\n`, types: await generateTypes(document) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { document, types } = await generatedFiles();
  await fs.writeFile(DOCUMENT_FILE, document);
  await fs.mkdir(path.dirname(TYPES_FILE), { recursive: true });
  await fs.writeFile(TYPES_FILE, types);
  console.log(`wrote ${path.relative(root, DOCUMENT_FILE)} and ${path.relative(root, TYPES_FILE)}`);
}
