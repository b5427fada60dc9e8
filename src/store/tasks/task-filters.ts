// The task list's filters besides the name and the status: tags (each included or excluded),
// one project (with its subprojects: projects nest as paths) and one user. Sent to the
// server with the list query, so they hold past the loaded page.
import type { ReportsGetTaskDataRequest } from '../../wire/reports.js';

export interface TaskFilter {
  tagsInclude: string[];
  tagsExclude: string[];
  /** Project id, or null for every project. */
  projectId: string | null;
  projectName: string | null;
  /** User id, or null for every user. */
  userId: string | null;
  userName: string | null;
}

export function emptyTaskFilter(): TaskFilter {
  return { tagsInclude: [], tagsExclude: [], projectId: null, projectName: null, userId: null, userName: null };
}

export function isTaskFilterEmpty(f: TaskFilter): boolean {
  return f.tagsInclude.length + f.tagsExclude.length === 0 && f.projectId === null && f.userId === null;
}

/** The query fields of the filter. */
export function taskFilterQuery(f: TaskFilter): Partial<ReportsGetTaskDataRequest> {
  const query: Partial<ReportsGetTaskDataRequest> = {};
  // In the list form the include and exclude groups are OR-ed (as on real servers), so
  // "(any included tag) and none of the excluded" needs the structured form.
  if (f.tagsInclude.length > 0 && f.tagsExclude.length > 0)
    query.filters = { tags: { any: { include: [...f.tagsInclude] }, all: { exclude: [...f.tagsExclude] }, op: 'and' } };
  else if (f.tagsInclude.length > 0) query.tags = [...f.tagsInclude];
  else if (f.tagsExclude.length > 0) query.tags = f.tagsExclude.map((t) => `-${t}`);
  if (f.projectId !== null) {
    query.project = [f.projectId];
    query.include_subprojects = true;
  }
  if (f.userId !== null) query.user = [f.userId];
  return query;
}

/** The filter in a few words for the list's title ("tags: a; project: x; user: y"). */
export function taskFilterInfo(f: TaskFilter): string[] {
  const parts: string[] = [];
  const tags = [...f.tagsInclude.map((t) => `+${t}`), ...f.tagsExclude.map((t) => `-${t}`)];
  if (tags.length > 0) parts.push(`tags ${tags.join(' ')}`);
  if (f.projectId !== null) parts.push(`in ${f.projectName ?? '(no project)'}`);
  if (f.userId !== null) parts.push(`by ${f.userName ?? f.userId}`);
  return parts;
}
