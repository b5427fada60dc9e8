// `only_fields`: keep the listed (dotted) paths, drop the `-`-prefixed ones; `id` always stays.

type Doc = Record<string, unknown>;

interface Projection {
  include: string[];
  exclude: string[];
}

export function parseProjection(onlyFields: readonly string[] | undefined): Projection {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const f of onlyFields ?? []) {
    const path = f.trim();
    if (!path || path === '-') continue;
    if (path.startsWith('-')) exclude.push(path.slice(1));
    else include.push(path);
  }
  return { include, exclude };
}

const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

function copyPath(from: Doc, to: Doc, parts: readonly string[]): void {
  const [head, ...rest] = parts;
  if (head === undefined || !Object.hasOwn(from, head)) return;
  const value = from[head];
  if (rest.length === 0) {
    to[head] = value;
    return;
  }
  if (!isDoc(value)) return;
  const target = isDoc(to[head]) ? (to[head] as Doc) : {};
  // A joined reference keeps its id next to the requested keys (`project.name` → {id, name}).
  if (typeof value.id === 'string' && target.id === undefined) target.id = value.id;
  copyPath(value, target, rest);
  to[head] = target;
}

function deletePath(doc: Doc, parts: readonly string[]): void {
  const [head, ...rest] = parts;
  if (head === undefined || !Object.hasOwn(doc, head)) return;
  if (rest.length === 0) {
    if (head !== 'id') delete doc[head];
    return;
  }
  const value = doc[head];
  if (isDoc(value)) deletePath(value, rest);
}

export function applyProjection(doc: Doc, projection: Projection): Doc {
  let out: Doc;
  if (projection.include.length > 0) {
    out = { id: doc.id };
    for (const path of projection.include) copyPath(doc, out, path.split('.'));
  } else {
    out = doc;
  }
  for (const path of projection.exclude) deletePath(out, path.split('.'));
  return out;
}

/** Reference fields whose joined document the projection asks for (`project.name` → project). */
export function requestedJoins(projection: Projection, refFields: readonly string[]): Set<string> {
  const joins = new Set<string>();
  for (const path of projection.include) {
    const [head, sub] = path.split('.');
    if (head !== undefined && sub !== undefined && sub !== 'id' && refFields.includes(head)) joins.add(head);
  }
  return joins;
}
