// Report helpers shared by the report store tests: reports written straight to the server,
// read back from it, and a store showing the reports view.
import type { ApiClient } from '../../src/api/index.js';
import type { MonitorActions } from '../../src/store/types.js';
import type { MonitorFixture } from './store-fixture.js';

export interface ReportSeed {
  tags?: string[];
  body?: string;
  comment?: string;
  project?: string;
}

export async function createReport(writer: ApiClient, name: string, extra: ReportSeed = {}): Promise<string> {
  const { id } = await writer.reports.create({
    name,
    ...(extra.tags ? { tags: extra.tags } : {}),
    ...(extra.comment ? { comment: extra.comment } : {}),
  });
  // Real servers ignore `report` on create: the body goes in with update.
  if (extra.body !== undefined) await writer.reports.update({ task: id, report: extra.body });
  if (extra.project !== undefined) await writer.reports.move({ task: id, project_name: extra.project });
  // Lists are newest first and the server breaks a last_update tie by (random) id: what is
  // written after this report must get a later last_update to be listed above it.
  await nextMillisecond();
  return id;
}

/** Resolves once the clock (the in-process server's too) has moved past the current millisecond. */
async function nextMillisecond(): Promise<void> {
  const now = Date.now();
  while (Date.now() <= now) await new Promise((resolve) => setTimeout(resolve, 1));
}

export async function serverReport(writer: ApiClient, id: string) {
  const { tasks } = await writer.reports.getAllEx({
    id: [id],
    only_fields: ['name', 'status', 'tags', 'system_tags', 'project.name', 'comment', 'report'],
  });
  return tasks[0];
}

/** Shows the reports view, starts the store and waits for `count` listed reports. */
export async function openReports(f: MonitorFixture, count: number): Promise<MonitorActions> {
  const { actions } = f.store.getState();
  actions.setView('reports');
  actions.start();
  await f.until((s) => s.reports.ids.length === count && !s.reports.loading, `${count} reports`);
  return actions;
}
