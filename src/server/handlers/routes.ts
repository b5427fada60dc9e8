// Every endpoint the embedded server answers, keyed like `reports.create`: its type requires one
// handler per served endpoint (src/wire/operations.ts), each tied to its request type.
import type { ServedHandlers } from './handler.js';
import { eventsHandlers } from '../events/index.js';
import { authHandlers } from './auth.js';
import { modelsHandlers } from './models.js';
import { modelsEditHandlers } from './models-edit.js';
import { plainReadHandlers } from './plain-reads.js';
import { projectsHandlers } from './projects.js';
import { queuesHandlers } from './queues.js';
import { reportsHandlers } from './reports.js';
import { tasksHandlers } from './tasks.js';
import { tasksEditHandlers } from './tasks-edit.js';
import { tasksResetHandlers } from './tasks-reset.js';
import { tasksParamsHandlers } from './tasks-params.js';
import { tasksTriageHandlers } from './tasks-triage.js';
import { tasksQueueingHandlers } from './tasks-queueing.js';
import { workersHandlers } from './workers.js';
import { usersHandlers } from './users.js';

export const HANDLERS: ServedHandlers = {
  ...authHandlers,
  ...reportsHandlers,
  ...eventsHandlers,
  ...tasksHandlers,
  ...modelsHandlers,
  ...modelsEditHandlers,
  ...projectsHandlers,
  ...plainReadHandlers,
  ...tasksEditHandlers,
  ...tasksResetHandlers,
  ...tasksParamsHandlers,
  ...tasksTriageHandlers,
  ...tasksQueueingHandlers,
  ...queuesHandlers,
  ...workersHandlers,
  ...usersHandlers,
};
