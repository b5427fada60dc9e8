// Finds the demo data a previous run left in a database, so `serve --demo --db FILE` started
// again resumes the running tasks instead of seeding a second copy.
import type { Endpoint, RequestOf, ResponseOf } from '../wire/operations.js';
import { DEMO_PROJECTS, ownerOf, TASK_PLANS } from './plan.js';
import type { LiveRunResume } from './live-runs.js';
import { runForPlan } from './seed.js';
import { escapeRegex } from '../text/regex.js';

type Call<K extends Endpoint> = (request: RequestOf<K>) => Promise<ResponseOf<K>>;

/** The read calls the demo needs besides the writes of DemoClient. */
export interface DemoReader {
  projects: { getAllEx: Call<'projects.get_all_ex'> };
  tasks: { getAllEx: Call<'tasks.get_all_ex'> };
}

export interface ExistingDemo {
  taskIds: string[];
  resume: Record<string, LiveRunResume>;
}

/** The running demo tasks of an earlier seed, or undefined when the database has no demo. */
export async function findExistingDemo(
  client: DemoReader,
  baseUrl: string,
  seed: number,
): Promise<ExistingDemo | undefined> {
  const names = Object.values(DEMO_PROJECTS);
  const { projects } = await client.projects.getAllEx({
    name: `^(${names.map(escapeRegex).join('|')})$`,
    only_fields: ['id', 'name'],
  });
  const projectIds = projects
    .filter((p) => p.name !== undefined && (names as string[]).includes(p.name))
    .map((p) => p.id);
  if (projectIds.length === 0) return undefined;
  const { tasks } = await client.tasks.getAllEx({
    project: projectIds,
    status: ['in_progress'],
    only_fields: ['id', 'name', 'last_iteration', 'started'],
    page: 0,
    page_size: 100,
  });
  const existing: ExistingDemo = { taskIds: [], resume: {} };
  for (const task of tasks) {
    const plan = TASK_PLANS.find((p) => p.name === task.name && p.status === 'in_progress');
    if (plan === undefined) continue;
    existing.taskIds.push(task.id);
    const run = runForPlan(plan, task.id, baseUrl, seed);
    const started = task.started === undefined || task.started === null ? NaN : Date.parse(task.started);
    if (Number.isFinite(started)) run.startedMs = started;
    existing.resume[task.id] = {
      run,
      owner: ownerOf(plan),
      nextIter: (task.last_iteration ?? -1) + 1,
    };
  }
  return existing;
}
