// Every endpoint the embedded server answers, keyed like `reports.create`: its type requires one
// handler per served endpoint (src/wire/operations.ts), each tied to its request type.
import type { ServedHandlers } from './handler.js';
import { eventsHandlers } from './events/index.js';
import { authHandlers } from './handlers/auth.js';
import { modelsHandlers } from './handlers/models.js';
import { plainReadHandlers } from './handlers/plain-reads.js';
import { projectsHandlers } from './handlers/projects.js';
import { reportsHandlers } from './handlers/reports.js';
import { tasksHandlers } from './handlers/tasks.js';
import { tasksEditHandlers } from './handlers/tasks-edit.js';
import { tasksParamsHandlers } from './handlers/tasks-params.js';

export const HANDLERS: ServedHandlers = {
  ...authHandlers,
  ...reportsHandlers,
  ...eventsHandlers,
  ...tasksHandlers,
  ...modelsHandlers,
  ...projectsHandlers,
  ...plainReadHandlers,
  ...tasksEditHandlers,
  ...tasksParamsHandlers,
};
