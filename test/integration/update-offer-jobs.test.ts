// The update controller wired to a real in-process service as src/main/index.ts wires it (serviceUpdateHooks):
// a downloaded update is offered only once the service's jobs have finished, restarting closes the service before
// the install, and the setting saved through the API turns the scheduled check off. The updater is scripted.
import path from 'node:path';
import { Type } from 'typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeFileAtomic } from '../../src/main/files/atomic-write.js';
import type { JobKindModule } from '../../src/main/pipelines/kind.js';
import { serviceUpdateHooks } from '../../src/main/electron/updates/service-hooks.js';
import { createUpdateController } from '../../src/main/electron/updates/update-controller.js';
import type { UpdaterEvent } from '../../src/main/electron/updates/update-policy.js';
import type { UpdaterPort } from '../../src/main/electron/updates/updater-adapter.js';
import { StatusCoreProperties, StrictObject } from '../../src/shared/schemas/common.js';
import { startTestService, type TestService } from '../fixtures/service.js';

let openGate = () => {};
/** A job that runs until the test opens its gate. */
const gateKind: JobKindModule<{ name: string }> = {
  id: 'test_gate',
  title: 'test gate',
  route: '/v1/test_gate',
  apiName: 'TestGate',
  requestSchema: StrictObject({ name: Type.String() }),
  statusSchema: Type.Object({ ...StatusCoreProperties, status: Type.String() }),
  statuses: ['queuing', 'processing', 'done', 'failed', 'cancelled'],
  statusShape: 'result',
  inputs: [],
  intake: { inputRules: () => [], checkFields() {}, async checkInputs() {} },
  pipeline: () => ({
    stages: [
      {
        name: 'wait',
        label: 'Waiting',
        status: 'processing',
        async run(_input, ctx) {
          await new Promise<void>((resolve) => (openGate = resolve));
          await writeFileAtomic(path.join(ctx.workDir, 'done.txt'), 'done');
          return { file: 'done.txt' };
        },
      },
    ],
    results: () => [],
  }),
};

const running: TestService[] = [];
afterEach(async () => {
  openGate();
  for (const service of running.splice(0)) await service.stop();
});

function scriptedUpdater(calls: string[]): UpdaterPort {
  let listener: (event: UpdaterEvent) => void = () => {};
  return {
    async check() {
      calls.push('check');
      listener({ type: 'checking' });
      listener({ type: 'available', version: '0.2.0' });
      listener({ type: 'downloaded', version: '0.2.0' });
    },
    quitAndInstall: () => void calls.push('quitAndInstall'),
    onEvent: (next) => ((listener = next), () => {}),
  };
}

async function desktopOver(svc: TestService) {
  const calls: string[] = [];
  const controller = createUpdateController({
    ...serviceUpdateHooks(svc.service),
    updater: scriptedUpdater(calls),
    closeService: async () => {
      await svc.service.close();
      calls.push('serviceClosed');
    },
    log: () => {},
  });
  return { controller, calls };
}

describe('the update offer and the service it runs beside', () => {
  it('waits while a job runs, is offered when it finishes, and closes the service before installing', async () => {
    const svc = await startTestService({ service: { kinds: [gateKind] } });
    running.push(svc);
    const { controller, calls } = await desktopOver(svc);
    const created = await svc.api('/v1/test_gate', { body: { name: 'long' } });
    await svc.waitForTask(created.body.task_id, (task) => task.status === 'processing');

    await controller.checkNow();
    await vi.waitFor(() =>
      expect(controller.state()).toEqual({ status: 'ready', version: '0.2.0', jobsRunning: true }),
    );
    expect(await controller.restart()).toBe(false);

    openGate();
    await svc.waitForTask(created.body.task_id);
    // The task's final event reaches the controller through the service's events: no polling, no HTTP.
    await vi.waitFor(() => expect(controller.state()).toMatchObject({ jobsRunning: false }));
    expect(await controller.restart()).toBe(true);
    expect(calls).toEqual(['check', 'serviceClosed', 'quitAndInstall']);
    await expect(fetch(`${svc.url}/v1/health`)).rejects.toThrow();
    controller.stop();
  });

  it('checks at start by default, and makes no scheduled check once the setting is turned off through the API', async () => {
    const svc = await startTestService();
    running.push(svc);
    const before = await desktopOver(svc);
    before.controller.start();
    before.controller.stop();
    expect(before.calls).toEqual(['check']);
    const put = await svc.api('/v1/settings', { method: 'PUT', body: { check_for_updates: false } });
    expect(put.status).toBe(200);
    const { controller, calls } = await desktopOver(svc);
    controller.start();
    controller.stop();
    expect(calls).toEqual([]);
    expect(controller.state()).toEqual({ status: 'idle' });
  });
});
