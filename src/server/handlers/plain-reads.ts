// tasks/projects.get_all and get_by_id: the plain calls of the ClearML SDK. Same query engine
// as the `_ex` calls, but references come back as string ids (the SDK's v2_23 models).
import { handler, checkedAsQuery, type ServedHandlersOf } from '../handler.js';
import type {
  PlainProject,
  PlainTask,
  ProjectsGetAllResponse,
  ProjectsGetByIdRequest,
  ProjectsGetByIdResponse,
  TasksGetAllResponse,
  TasksGetByIdRequest,
  TasksGetByIdResponse,
} from '../../wire/tasks.js';
import type { RequestContext } from '../context.js';
import { projectToJson, taskToJson, withPlainReferences } from '../entities.js';
import { requireProject } from '../project-store.js';
import { parseQuery, PROJECTS, runQuery, TASKS, listAnswer } from '../query.js';
import { requireTask } from '../task-store.js';
import { requestShape, v } from '../validate.js';

function tasksGetAll(body: Record<string, unknown>, ctx: RequestContext): TasksGetAllResponse {
  const result = runQuery(ctx, TASKS, parseQuery(body, TASKS), { hideHidden: true, scrollKind: 'tasks.get_all' });
  const tasks = result.items.map((doc) => withPlainReferences(doc) as PlainTask);
  return listAnswer('tasks', tasks, result.scrollId);
}

const TASKS_GET_BY_ID_SHAPE = requestShape<TasksGetByIdRequest>()({ task: v.str() });

const tasksGetById = handler(TASKS_GET_BY_ID_SHAPE, (req, ctx): TasksGetByIdResponse => {
  return { task: withPlainReferences(taskToJson(requireTask(ctx, req.task))) as PlainTask };
});

function projectsGetAll(body: Record<string, unknown>, ctx: RequestContext): ProjectsGetAllResponse {
  // `shallow_search` (only direct children) has no effect here: names are matched whole.
  const result = runQuery(ctx, PROJECTS, parseQuery(body, PROJECTS), {
    hideHidden: true,
    scrollKind: 'projects.get_all',
  });
  const projects = result.items.map((doc) => withPlainReferences(doc) as PlainProject);
  return listAnswer('projects', projects, result.scrollId);
}

const PROJECTS_GET_BY_ID_SHAPE = requestShape<ProjectsGetByIdRequest>()({ project: v.str() });

const projectsGetById = handler(PROJECTS_GET_BY_ID_SHAPE, (req, ctx): ProjectsGetByIdResponse => {
  const row = requireProject(ctx.db, ctx.identity.company, req.project);
  return { project: withPlainReferences(projectToJson(row)) as PlainProject };
});

export const plainReadHandlers: ServedHandlersOf<
  'tasks.get_all' | 'tasks.get_by_id' | 'projects.get_all' | 'projects.get_by_id'
> = {
  'tasks.get_all': checkedAsQuery(tasksGetAll),
  'tasks.get_by_id': tasksGetById,
  'projects.get_all': checkedAsQuery(projectsGetAll),
  'projects.get_by_id': projectsGetById,
};
