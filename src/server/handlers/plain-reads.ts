// tasks/projects.get_all and get_by_id: the plain calls of the ClearML SDK. Same query engine
// as the `_ex` calls, but references come back as string ids (the SDK's v2_23 models).
import { handler, type ServedHandlersOf } from './handler.js';
import type {
  PlainProject,
  PlainTask,
  ProjectsGetByIdRequest,
  ProjectsGetByIdResponse,
  TasksGetByIdRequest,
  TasksGetByIdResponse,
} from '../../wire/tasks.js';
import { projectToJson, taskToJson, withPlainReferences } from '../db/entities.js';
import { requireProject } from '../db/project-store.js';
import { PROJECTS, TASKS } from '../query/list-query.js';
import { requireTask } from '../db/task-store.js';
import { requestShape, v } from '../http/validate.js';
import { listQueryHandler } from './list-calls.js';

const TASKS_GET_BY_ID_SHAPE = requestShape<TasksGetByIdRequest>()({ task: v.str() });

const tasksGetById = handler(TASKS_GET_BY_ID_SHAPE, (req, ctx): TasksGetByIdResponse => {
  return { task: withPlainReferences(taskToJson(requireTask(ctx, req.task))) as PlainTask };
});

const PROJECTS_GET_BY_ID_SHAPE = requestShape<ProjectsGetByIdRequest>()({ project: v.str() });

const projectsGetById = handler(PROJECTS_GET_BY_ID_SHAPE, (req, ctx): ProjectsGetByIdResponse => {
  const row = requireProject(ctx.db, ctx.identity.company, req.project);
  return { project: withPlainReferences(projectToJson(row)) as PlainProject };
});

export const plainReadHandlers: ServedHandlersOf<
  'tasks.get_all' | 'tasks.get_by_id' | 'projects.get_all' | 'projects.get_by_id'
> = {
  'tasks.get_all': listQueryHandler({
    spec: TASKS,
    key: 'tasks',
    scrollKind: 'tasks.get_all',
    asItem: withPlainReferences,
  }),
  'tasks.get_by_id': tasksGetById,
  // `shallow_search` (only direct children) has no effect here: names are matched whole.
  'projects.get_all': listQueryHandler({
    spec: PROJECTS,
    key: 'projects',
    scrollKind: 'projects.get_all',
    asItem: withPlainReferences,
  }),
  'projects.get_by_id': projectsGetById,
};
