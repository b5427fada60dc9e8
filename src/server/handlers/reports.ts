// The 10 reports.* operations (docs/wire-facts.md §9) with the choices of §0 for tracktop's server:
// unique names, create stores report/report_assets, delete refuses without force, unknown
// project ids are clear 400s, publish/archive/unarchive read `message` or `comment`.
import { handler, checkedAsQuery, type ServedHandlersOf } from './handler.js';
import type { ServedEndpoint } from '../../wire/operations.js';
import { ERRORS } from '../../wire/errors.js';
import {
  ARCHIVED_TAG,
  REPORT_NAME_MIN_LENGTH,
  REPORTS_PROJECT_BASENAME,
  type ReportsCreateRequest,
  type ReportsCreateResponse,
  type ReportsDeleteRequest,
  type ReportsDeleteResponse,
  type ReportsGetTagsRequest,
  type ReportsGetTagsResponse,
  type ReportsGetTaskDataRequest,
  type ReportsMoveRequest,
  type ReportsMoveResponse,
  type ReportStatusRequest,
  type ReportsUpdateRequest,
  type UpdatedFieldsResponse,
} from '../../wire/reports.js';
import type { RequestContext } from './handler-types.js';
import { normaliseTags, parseList, type TaskRow } from '../db/entities.js';
import { ServerError } from '../http/errors.js';
import { buildTaskDataSections, deleteEventsOf } from '../events/index.js';
import type { SqlPart } from '../query/list-filter.js';
import {
  deleteReportsProjectIfEmpty,
  ensureReportsProject,
  HIDDEN_TAG,
  REPORTS_TAG,
  requireProject,
  withDescendants,
} from '../db/project-store.js';
import { MAX_LONG_TEXT_CHARS } from '../http/limits.js';
import { MODELS, parseQuery, runQuery, TASKS, listAnswer } from '../query/list-query.js';
import { stmt } from '../db/statements.js';
import { changeTaskStatus, insertTask, requireTask } from '../db/task-store.js';
import { requestShape, v, validate, type Validated } from '../http/validate.js';

const REPORT_TYPE = 'report';
const nameRule = v.str({ minLength: REPORT_NAME_MIN_LENGTH });

function requireReport(ctx: RequestContext, id: string): TaskRow {
  const task = requireTask(ctx, id);
  if (task.type !== REPORT_TYPE) throw new ServerError(ERRORS.operationSupportedOnReportsOnly, undefined, { id });
  return task;
}

/** Report names are unique within the company (docs/wire-facts.md §0). */
function assertNameFree(ctx: RequestContext, name: string, exceptId?: string): void {
  const other = stmt(
    ctx.db,
    'SELECT id FROM tasks WHERE company = ? AND type = ? AND name = ? AND id IS NOT ? LIMIT 1',
  ).get(ctx.identity.company, REPORT_TYPE, name, exceptId ?? null) as { id: string } | undefined;
  if (other)
    throw new ServerError(
      ERRORS.validationError,
      `error for field 'name'. a report named ${JSON.stringify(name)} already exists (id ${other.id}); report names are unique`,
    );
}

/** `.reports` project for a create/move target given as a project id (itself if it is one). */
function reportsProjectForId(ctx: RequestContext, projectId: string): string {
  const project = requireProject(ctx.db, ctx.identity.company, projectId);
  if (project.basename === REPORTS_PROJECT_BASENAME) return project.id;
  return ensureReportsProject(ctx.db, ctx.identity.company, ctx.identity.user, project.name, ctx.now());
}

const create = handler(
  requestShape<ReportsCreateRequest>()({
    name: nameRule,
    comment: v.str().opt(),
    project: v.str().opt(),
    tags: v.list(v.str()).opt(),
    report: v.str({ maxLength: MAX_LONG_TEXT_CHARS }).opt(),
    report_assets: v.list(v.str()).opt(),
  }),
  (req, ctx): ReportsCreateResponse => {
    const name = req.name.trim();
    assertNameFree(ctx, name);
    const projectId = req.project
      ? reportsProjectForId(ctx, req.project)
      : ensureReportsProject(ctx.db, ctx.identity.company, ctx.identity.user, '', ctx.now());
    const id = insertTask(ctx, {
      name,
      type: REPORT_TYPE,
      project: projectId,
      comment: req.comment ?? '',
      tags: req.tags ?? [],
      systemTags: [HIDDEN_TAG, REPORTS_TAG],
      report: req.report ?? null,
      reportAssets: req.report_assets ?? null,
    });
    return { id, project_id: projectId };
  },
);

/** Like Python's textwrap.shorten(text, 100): whitespace collapsed, cut at a word, " [...]". */
export function shortenReport(text: string, width = 100): string {
  const words = text.split(/\s+/).filter(Boolean);
  const collapsed = words.join(' ');
  if (collapsed.length <= width) return collapsed;
  const placeholder = ' [...]';
  let out = '';
  for (const w of words) {
    const next = out ? `${out} ${w}` : w;
    if (next.length + placeholder.length > width) break;
    out = next;
  }
  return out ? out + placeholder : placeholder.trim();
}

const EDITABLE_WHEN_PUBLISHED = new Set(['name', 'tags', 'comment']);

const update = handler(
  requestShape<ReportsUpdateRequest>()({
    task: v.str(),
    name: nameRule.opt(),
    comment: v.str().opt(),
    tags: v.list(v.str()).opt(),
    report: v.str({ maxLength: MAX_LONG_TEXT_CHARS }).opt(),
    report_assets: v.list(v.str()).opt(),
  }),
  (req, ctx): UpdatedFieldsResponse => {
    const task = requireReport(ctx, req.task);
    const keys = (['name', 'comment', 'tags', 'report', 'report_assets'] as const).filter((k) => req[k] !== undefined);
    if (task.status !== 'created' && keys.some((k) => !EDITABLE_WHEN_PUBLISHED.has(k)))
      throw new ServerError(ERRORS.invalidTaskStatus, undefined, { expected: 'created', status: task.status });
    if (keys.length === 0) return { updated: 0, fields: {} };
    const sets: string[] = [];
    const params: unknown[] = [];
    const fields: Record<string, unknown> = {};
    if (req.name !== undefined) {
      const name = req.name.trim();
      assertNameFree(ctx, name, task.id);
      sets.push('name = ?');
      params.push(name);
      fields.name = name;
    }
    if (req.comment !== undefined) {
      sets.push('comment = ?');
      params.push(req.comment);
      fields.comment = req.comment;
    }
    if (req.tags !== undefined) {
      const tags = normaliseTags(req.tags);
      sets.push('tags = ?');
      params.push(JSON.stringify(tags));
      fields.tags = tags;
    }
    if (req.report !== undefined) {
      sets.push('report = ?');
      params.push(req.report);
      fields.report = shortenReport(req.report);
    }
    if (req.report_assets !== undefined) {
      sets.push('report_assets = ?');
      params.push(JSON.stringify(req.report_assets));
      fields.report_assets = req.report_assets;
    }
    const now = ctx.now();
    sets.push('last_update = ?', 'last_change = ?', 'last_changed_by = ?');
    params.push(now, now, ctx.identity.user);
    const updated = stmt(ctx.db, `UPDATE tasks SET ${sets.join(', ')} WHERE id = ?`).run(...params, task.id).changes;
    return { updated, fields };
  },
);

const statusTextRule = requestShape<ReportStatusRequest>()({
  task: v.str(),
  message: v.str().opt(),
  comment: v.str().opt(),
});

const publish = handler(statusTextRule, (req, ctx): UpdatedFieldsResponse => {
  const task = requireReport(ctx, req.task);
  return changeTaskStatus(ctx, task, {
    status: 'published',
    force: true,
    statusReason: '',
    statusMessage: req.message ?? req.comment ?? '',
    stampDates: ['published'],
  });
});

function setArchived(ctx: RequestContext, req: Validated<typeof statusTextRule>, archived: boolean): number {
  const task = requireReport(ctx, req.task);
  const tags = new Set(parseList(task.system_tags));
  if (archived) tags.add(ARCHIVED_TAG);
  else tags.delete(ARCHIVED_TAG);
  const now = ctx.now();
  return stmt(
    ctx.db,
    `UPDATE tasks SET system_tags = ?, status_message = ?, status_reason = '', last_change = ?, last_changed_by = ? WHERE id = ?`,
  ).run(JSON.stringify(normaliseTags([...tags])), req.message ?? req.comment ?? '', now, ctx.identity.user, task.id)
    .changes;
}

const move = handler(
  requestShape<ReportsMoveRequest>()({ task: v.str(), project: v.str().opt(), project_name: v.str().opt() }),
  (req, ctx, body): ReportsMoveResponse => {
    const hasProjectKey = Object.hasOwn(body, 'project');
    const projectName = req.project_name?.trim();
    if (!projectName && !hasProjectKey)
      throw new ServerError(ERRORS.missingRequiredFields, 'project or project_name is required', {
        fields: ['project', 'project_name'],
      });
    const task = requireReport(ctx, req.task);
    const { company, user } = ctx.identity;
    let target: string;
    if (projectName) target = ensureReportsProject(ctx.db, company, user, projectName, ctx.now());
    else if (req.project) target = reportsProjectForId(ctx, req.project);
    else target = ensureReportsProject(ctx.db, company, user, '', ctx.now());
    if (target !== task.project) {
      const now = ctx.now();
      stmt(
        ctx.db,
        'UPDATE tasks SET project = ?, last_update = ?, last_change = ?, last_changed_by = ? WHERE id = ?',
      ).run(target, now, now, user, task.id);
      deleteReportsProjectIfEmpty(ctx.db, task.project);
    }
    return { project_id: target };
  },
);

const remove = handler(
  requestShape<ReportsDeleteRequest>()({ task: v.str(), force: v.bool().default(false) }),
  (req, ctx): ReportsDeleteResponse => {
    const task = requireReport(ctx, req.task);
    const archived = parseList(task.system_tags).includes(ARCHIVED_TAG);
    if (!req.force && (task.status === 'published' || !archived)) {
      const why =
        task.status === 'published'
          ? 'the report is published; pass force: true to delete it'
          : 'the report is not archived; archive it first or pass force: true';
      throw new ServerError(ERRORS.taskCannotBeDeleted, why, { task: task.id, status: task.status, archived });
    }
    deleteEventsOf(ctx.db, task.id);
    const deleted = stmt(ctx.db, 'DELETE FROM tasks WHERE id = ?').run(task.id).changes;
    deleteReportsProjectIfEmpty(ctx.db, task.project);
    return { deleted };
  },
);

/** `project` of reports.get_all_ex: the `.reports` projects whose id or parent is listed. */
function reportsProjectsFilter(ctx: RequestContext, projects: (string | null)[], includeSubprojects: boolean): SqlPart {
  const ids = projects.filter(
    (p): p is string => typeof p === 'string' && p !== '' && !p.startsWith('-') && !p.startsWith('__$'),
  );
  const wantRoot = projects.some((p) => p === null || p === '');
  const expanded = includeSubprojects ? withDescendants(ctx.db, ctx.identity.company, ids) : ids;
  const rows = stmt(
    ctx.db,
    `SELECT id FROM projects WHERE company = @company AND basename = @basename AND (
       id IN (SELECT value FROM json_each(@ids)) OR parent IN (SELECT value FROM json_each(@ids)) OR (@root AND parent IS NULL))`,
  ).all({
    company: ctx.identity.company,
    basename: REPORTS_PROJECT_BASENAME,
    ids: JSON.stringify(expanded),
    root: wantRoot ? 1 : 0,
  }) as { id: string }[];
  return { sql: 't.project IN (SELECT value FROM json_each(?))', params: [JSON.stringify(rows.map((r) => r.id))] };
}

function getAllEx(body: Record<string, unknown>, ctx: RequestContext): { tasks: unknown[]; scroll_id?: string } {
  const q = parseQuery(body, TASKS);
  const where: SqlPart[] = [{ sql: 't.type = ?', params: [REPORT_TYPE] }];
  if (q.lists.project !== undefined) where.push(reportsProjectsFilter(ctx, q.lists.project, q.includeSubprojects));
  const result = runQuery(ctx, TASKS, q, {
    where,
    ignoreLists: ['project', 'type'],
    hideHidden: false,
    scrollKind: 'reports.get_all_ex',
  });
  return listAnswer('tasks', result.items, result.scrollId);
}

const getTags = handler(requestShape<ReportsGetTagsRequest>()({}), (_req, ctx): ReportsGetTagsResponse => {
  const rows = stmt(
    ctx.db,
    'SELECT DISTINCT j.value AS tag FROM tasks t, json_each(t.tags) j WHERE t.company = ? AND t.type = ? ORDER BY 1',
  ).all(ctx.identity.company, REPORT_TYPE) as { tag: string }[];
  return { tags: rows.map((r) => r.tag) };
});

const SECTION_KEYS = ['debug_images', 'plots', 'scalar_metrics_iter_histogram', 'single_value_metrics'] as const;

/** The request's own fields besides the query; the sections are checked by buildTaskDataSections. */
const TASK_DATA_SHAPE = requestShape<Pick<ReportsGetTaskDataRequest, 'model_events' | (typeof SECTION_KEYS)[number]>>()(
  {
    model_events: v.bool().default(false),
    debug_images: v.anyObj().opt(),
    plots: v.anyObj().opt(),
    scalar_metrics_iter_histogram: v.anyObj().opt(),
    single_value_metrics: v.anyObj<Record<string, never>>().opt(),
  },
);

function getTaskData(body: Record<string, unknown>, ctx: RequestContext): Record<string, unknown> {
  const req = validate(body, TASK_DATA_SHAPE);
  const spec = req.model_events ? MODELS : TASKS;
  const q = parseQuery(body, spec);
  if (!req.model_events && q.lists.type) q.lists.type = q.lists.type.map((t) => (t === null ? t : t.toLowerCase()));
  const result = runQuery(ctx, spec, q, {
    hideHidden: true,
    scrollKind: req.model_events ? 'reports.get_task_data:models' : 'reports.get_task_data',
  });
  const out: Record<string, unknown> = { tasks: result.items };
  if (result.scrollId !== undefined) out.scroll_id = result.scrollId;
  if (!SECTION_KEYS.some((k) => req[k] !== undefined)) return out;
  // Names come from the rows themselves: only_fields may have left them out of the answer.
  const ids = result.items.map((t) => t.id as string);
  const names = new Map(
    (
      stmt(ctx.db, `SELECT r.id, r.name FROM json_each(?) j JOIN ${spec.table} r ON r.id = j.value`).all(
        JSON.stringify(ids),
      ) as {
        id: string;
        name: string;
      }[]
    ).map((r) => [r.id, r.name]),
  );
  const sectionRequest: ReportsGetTaskDataRequest = { model_events: req.model_events };
  for (const k of SECTION_KEYS) if (req[k] !== undefined) (sectionRequest as Record<string, unknown>)[k] = req[k];
  const sections = buildTaskDataSections(
    ctx,
    ids.map((id) => ({ id, name: names.get(id) ?? '' })),
    sectionRequest,
  ) as Record<string, unknown>;
  for (const k of SECTION_KEYS) if (req[k] !== undefined && sections[k] !== undefined) out[k] = sections[k];
  return out;
}

export const reportsHandlers: ServedHandlersOf<`reports.${string}` & ServedEndpoint> = {
  'reports.create': create,
  'reports.update': update,
  'reports.publish': publish,
  'reports.archive': handler(statusTextRule, (req, ctx) => ({ archived: setArchived(ctx, req, true) })),
  'reports.unarchive': handler(statusTextRule, (req, ctx) => ({ unarchived: setArchived(ctx, req, false) })),
  'reports.move': move,
  'reports.delete': remove,
  'reports.get_all_ex': checkedAsQuery(getAllEx),
  'reports.get_tags': getTags,
  'reports.get_task_data': checkedAsQuery(getTaskData),
};
