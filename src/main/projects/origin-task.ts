// The task a project was made from: its request and inputs are what an export or a retranslation reuses.
import { DubDeskError } from '../../shared/errors.js';
import type { ProjectRecord } from '../store/projects-repository.js';
import type { TaskRecord, TasksRepository } from '../store/tasks-repository.js';

export async function originTask(tasks: TasksRepository, project: ProjectRecord): Promise<TaskRecord> {
  const task = await tasks.get(project.taskId);
  if (!task)
    throw new DubDeskError('not_found', `The task ${project.taskId} that made project ${project.id} no longer exists.`);
  return task;
}
