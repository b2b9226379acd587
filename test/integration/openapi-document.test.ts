// The checked-in API document and the client types generated from it must be what the service serves today.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_FILE, generatedFiles, TYPES_FILE } from '../../scripts/api-document.js';
import { startTestService, type TestService } from '../fixtures/service.js';

const STALE = 'is stale: run `npm run api:generate` and commit the result';
let generated: { document: string; types: string };
let svc: TestService;

beforeAll(async () => {
  [generated, svc] = await Promise.all([generatedFiles(), startTestService()]);
});

afterAll(async () => {
  await svc?.stop();
});

describe('the checked-in OpenAPI document and client types', () => {
  it('docs/openapi.json is the document the service generates', async () => {
    expect(await fs.readFile(DOCUMENT_FILE, 'utf8'), `docs/openapi.json ${STALE}`).toBe(generated.document);
  });

  it('src/shared/api/openapi-types.ts is what openapi-typescript makes of it', async () => {
    expect(await fs.readFile(TYPES_FILE, 'utf8'), `src/shared/api/openapi-types.ts ${STALE}`).toBe(generated.types);
  });

  it('a running service serves the same document, with its own address as the server', async () => {
    const served = (await svc.api('/v1/openapi.json')).body;
    const checkedIn = JSON.parse(generated.document);
    expect(served.servers).toEqual([{ url: svc.url, description: 'This DubDesk service' }]);
    expect({ ...served, servers: checkedIn.servers }).toEqual(checkedIn);
  });

  it('names every operation once, for client generators', () => {
    const document = JSON.parse(generated.document) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const ids = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        'createLipsyncJob',
        'getTranslateJob',
        'createVisualTranslateJob',
        'uploadFile',
        'listTasks',
      ]),
    );
  });
});
