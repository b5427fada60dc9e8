// `export artifacts TASK -o DIR`: the task's artifacts and the models it used or produced,
// downloaded into DIR under their stored file names (each written as NAME.partial, renamed when
// whole). A URI that is not http(s) (a `file://` path on the machine that ran the script) cannot
// be fetched from here: it is named in the returned list of skipped items instead.
import { basename, join } from 'node:path';
import { sameOrigin } from '../../api/index.js';
import { isObject } from '../../wire/json.js';
import type { ExportContext } from './exporters.js';
import { download, safeNamePart } from './images.js';

interface StoredItem {
  /** `artifact losses` or `output model lenet`. */
  label: string;
  uri: string;
  /** The file name in DIR. */
  name: string;
}

/** The file name a URI is saved under: its last path part, made safe, unique within `used`. */
export function storedFileName(uri: string, fallback: string, used: Set<string>): string {
  let last: string;
  try {
    last = decodeURIComponent(basename(new URL(uri).pathname));
  } catch {
    last = '';
  }
  const base = safeNamePart(last === '' ? fallback : last);
  const dot = base.indexOf('.', 1);
  const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
  let name = base;
  for (let n = 2; used.has(name); n += 1) name = `${stem}-${n}${ext}`;
  used.add(name);
  return name;
}

/** What the task stored: its artifacts, then its models (with their URIs from models.get_all_ex). */
async function storedItems(ctx: ExportContext): Promise<Omit<StoredItem, 'name'>[]> {
  const { tasks } = await ctx.client.tasks.getAllEx({ id: [ctx.task], only_fields: ['execution.artifacts', 'models'] });
  const task: Record<string, unknown> = tasks[0] ?? {};
  const execution = isObject(task.execution) ? task.execution : {};
  const items: Omit<StoredItem, 'name'>[] = [];
  for (const a of Array.isArray(execution.artifacts) ? execution.artifacts.filter(isObject) : [])
    if (typeof a.uri === 'string' && a.uri !== '') items.push({ label: `artifact ${String(a.key)}`, uri: a.uri });
  const models = isObject(task.models) ? task.models : {};
  const refs: { stage: string; id: string }[] = [];
  for (const stage of ['input', 'output'] as const)
    for (const m of Array.isArray(models[stage]) ? models[stage].filter(isObject) : [])
      if (typeof m.model === 'string') refs.push({ stage, id: m.model });
  if (refs.length === 0) return items;
  const answer = await ctx.client.models.getAllEx({ id: refs.map((r) => r.id), only_fields: ['id', 'name', 'uri'] });
  const byId = new Map(answer.models.map((m) => [m.id, m]));
  for (const ref of refs) {
    const model = byId.get(ref.id);
    if (typeof model?.uri === 'string' && model.uri !== '')
      items.push({ label: `${ref.stage} model ${model.name ?? ref.id}`, uri: model.uri });
  }
  return items;
}

interface ArtifactExportResult {
  saved: StoredItem[];
  /** Items whose URI is not http(s): where they are, for the user to fetch themselves. */
  skipped: Omit<StoredItem, 'name'>[];
}

export async function exportArtifacts(
  ctx: ExportContext,
  opts: { dir: string; trustedHosts: (string | undefined)[] },
): Promise<ArtifactExportResult> {
  const used = new Set<string>();
  const result: ArtifactExportResult = { saved: [], skipped: [] };
  for (const item of await storedItems(ctx)) {
    if (!/^https?:\/\//i.test(item.uri)) {
      result.skipped.push(item);
      continue;
    }
    const name = storedFileName(item.uri, item.label, used);
    const token = sameOrigin(item.uri, opts.trustedHosts) ? await ctx.client.bearerToken() : undefined;
    await download(item.uri, join(opts.dir, name), token);
    result.saved.push({ ...item, name });
    ctx.progress.set(result.saved.length, name);
  }
  return result;
}
