// The GUI opened while the service's PostgreSQL is down says the database cannot be reached and that it tries again,
// not a generic error; once the database is back, the task list appears without the user doing anything.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/main/config.js';
import { startService, type RunningService } from '../../src/main/service.js';
import { migratePostgres } from '../../src/main/store/postgres/migrate.js';
import { openPostgresPool } from '../../src/main/store/postgres/pool.js';
import { browserMissing, buildRenderer, launchBrowser } from '../fixtures/browser.js';
import { postgresMissing, startPostgres, type PostgresServer } from '../fixtures/postgres-server.js';

describe.skipIf(browserMissing || postgresMissing)('the GUI while the service database is down', () => {
  let tempDir: string;
  let server: PostgresServer;
  let service: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-gui-outage-'));
    const rendererDir = await buildRenderer(path.join(tempDir, 'build'));
    server = await startPostgres();
    const url = await server.database('gui_outage');
    const pool = openPostgresPool(url, { max: 2 });
    try {
      await migratePostgres(pool);
    } finally {
      await pool.end();
    }
    const config = resolveConfig(
      { dataDir: path.join(tempDir, 'data'), host: '127.0.0.1', port: 0, concurrency: 1, databaseUrl: url },
      {},
    );
    service = await startService(config, { log: () => {}, rendererDir });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await server?.destroy();
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it('says the database cannot be reached and tries again, then shows the task list once it is back', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    try {
      // Without the event stream, whose reconnects also reload the list, only the alert's own retry can bring it back.
      await page.route('**/v1/events**', (route) => route.abort());
      await server.stop();
      await page.goto(service.guiUrl);
      const alert = page.getByRole('alert').filter({ hasText: 'database' });
      await alert.waitFor({ timeout: 30_000 });
      expect((await alert.textContent())?.replace(/\s+/g, ' ')).toBe(
        'The service cannot reach its database right now. Trying again every 5 s…Try now',
      );
      // A list that could not be loaded is not shown as an empty queue.
      expect(await page.getByText('No tasks yet.', { exact: false }).count()).toBe(0);
      await server.start();
      await alert.waitFor({ state: 'detached', timeout: 30_000 });
      await page.getByText('No tasks yet.', { exact: false }).waitFor({ timeout: 5_000 });
    } finally {
      await page.context().close();
    }
  });
});
