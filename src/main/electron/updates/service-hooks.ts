// What the update controller reads of the in-process service: the setting and the unfinished jobs, no HTTP between.
import { isUpdateCheckOn, UPDATE_CHECK_SETTING } from '../../../shared/ipc.js';
import type { RunningService } from '../../service.js';
import type { UpdateControllerOptions } from './update-controller.js';

export function serviceUpdateHooks(
  service: RunningService,
): Pick<UpdateControllerOptions, 'isEnabled' | 'countActiveJobs' | 'onJobsChange'> {
  const { core } = service;
  return {
    isEnabled: () => isUpdateCheckOn(core.settings.get(UPDATE_CHECK_SETTING)),
    // Queued or running: either would be cut short by a restart, so the offer waits for both.
    countActiveJobs: () => core.tasks.countActive(),
    onJobsChange: (listener) => core.events.subscribe(listener),
  };
}
