// Every endpoint the embedded server answers, keyed like `reports.create`.
import type { HandlerTable } from './context.js';
import { eventsHandlers } from './events/index.js';
import { authHandlers } from './handlers/auth.js';
import { modelsHandlers } from './handlers/models.js';
import { plainReadHandlers } from './handlers/plain-reads.js';
import { projectsHandlers } from './handlers/projects.js';
import { reportsHandlers } from './handlers/reports.js';
import { tasksHandlers } from './handlers/tasks.js';
import { tasksEditHandlers } from './handlers/tasks-edit.js';
import { tasksParamsHandlers } from './handlers/tasks-params.js';

export const HANDLERS: HandlerTable = {
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
