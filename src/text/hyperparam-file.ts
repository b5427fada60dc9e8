// The file `e` ("rerun with changes") opens in $EDITOR: a task's hyperparameters, one
// `Section/name = value` per line under a few `#` comment lines, and reading it back. A value
// (or a part of the name) that would not survive a line of its own as typed (surrounding
// spaces, control characters, a leading quote; `/` or `=` in a name) is written as a JSON
// string, so reading back what was written gives the same parameters. Pure: no I/O.

/** One hyperparameter as the file holds it. */
export interface FileParam {
  section: string;
  name: string;
  value: string;
}

export type ParsedParams = { ok: true; params: FileParam[] } | { ok: false; line: number; problem: string };

// eslint-disable-next-line no-control-regex -- control characters are what must be quoted
const CONTROL = /[\u0000-\u001f\u007f]/;

function quotedIf(text: string, needed: boolean): string {
  return needed ? JSON.stringify(text) : text;
}

function plainPart(text: string): boolean {
  return text !== '' && text === text.trim() && !CONTROL.test(text) && !text.startsWith('"') && !text.includes('=');
}

function sectionText(section: string): string {
  return quotedIf(section, !plainPart(section) || section.includes('/') || section.startsWith('#'));
}

function valueText(value: string): string {
  return quotedIf(value, value !== value.trim() || CONTROL.test(value) || value.startsWith('"'));
}

/** `Section/name` as a line of the file writes it. */
export function paramKey(param: Pick<FileParam, 'section' | 'name'>): string {
  return `${sectionText(param.section)}/${quotedIf(param.name, !plainPart(param.name))}`;
}

/** The file for `params` (in their order), under a header naming the task. */
export function formatParamFile(taskName: string, params: readonly FileParam[]): string {
  const header = [
    `# Hyperparameters of ${JSON.stringify(taskName)}: one Section/name = value per line.`,
    '# Change values, add or delete lines, then save and quit: the task is cloned with these',
    '# values and a queue picker offers to run the clone. An unchanged or empty file, or an',
    '# editor that exits with an error, creates nothing. Lines starting with # are ignored.',
    '',
  ];
  return [...header, ...params.map((p) => `${paramKey(p)} = ${valueText(p.value)}`)].join('\n') + '\n';
}

/** Reads a JSON string starting at `from` (a `"`): its text and where it ends, or null when unclosed or invalid. */
function readQuoted(line: string, from: number): { text: string; end: number } | null {
  for (let i = from + 1; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === '"') {
      try {
        return { text: JSON.parse(line.slice(from, i + 1)) as string, end: i + 1 };
      } catch {
        return null;
      }
    }
  }
  return null;
}

function skipSpaces(line: string, at: number): number {
  while (line[at] === ' ' || line[at] === '\t') at++;
  return at;
}

type Read = { text: string; end: number } | string;

/** A part of the name up to `stop` (raw: trimmed; or quoted), or what is wrong with it. */
function readPart(line: string, from: number, stops: string, what: string): Read {
  const at = skipSpaces(line, from);
  if (line[at] === '"') {
    const quoted = readQuoted(line, at);
    return quoted === null
      ? `the quoted ${what} is not closed`
      : { text: quoted.text, end: skipSpaces(line, quoted.end) };
  }
  let end = at;
  while (end < line.length && !stops.includes(line[end] as string)) end++;
  return { text: line.slice(at, end).trim(), end };
}

function parseLine(line: string): FileParam | string {
  const section = readPart(line, 0, '/=', 'section');
  if (typeof section === 'string') return section;
  if (line[section.end] !== '/') return 'expected Section/name = value';
  if (section.text === '') return 'the section before / is empty';
  const name = readPart(line, section.end + 1, '=', 'name');
  if (typeof name === 'string') return name;
  if (line[name.end] !== '=') return 'expected = and a value after the name';
  if (name.text === '') return 'the name between / and = is empty';
  const raw = line.slice(name.end + 1).trim();
  if (!raw.startsWith('"')) return { section: section.text, name: name.text, value: raw };
  const quoted = readQuoted(raw, 0);
  if (quoted === null) return 'the quoted value is not closed';
  if (quoted.end !== raw.length) return 'text after the quoted value';
  return { section: section.text, name: name.text, value: quoted.text };
}

/**
 * The parameters the file holds, in its order; blank lines and `#` comments are skipped. The
 * first line that is not `Section/name = value`, or names a parameter a second time, is
 * reported by its number (1-based) and what is wrong with it.
 */
export function parseParamFile(text: string): ParsedParams {
  const params: FileParam[] = [];
  const seen = new Map<string, number>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\r$/, '');
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const parsed = parseLine(line);
    if (typeof parsed === 'string') return { ok: false, line: i + 1, problem: parsed };
    const key = JSON.stringify([parsed.section, parsed.name]);
    const earlier = seen.get(key);
    if (earlier !== undefined)
      return { ok: false, line: i + 1, problem: `${paramKey(parsed)} is already set on line ${earlier}` };
    seen.set(key, i + 1);
    params.push(parsed);
  }
  return { ok: true, params };
}

/**
 * What changed from `before` to `after`, one entry per parameter in `after`'s order then the
 * removed ones: `Section/name = value` for a new or changed value, `-Section/name` for one gone.
 */
export function paramChanges(before: readonly FileParam[], after: readonly FileParam[]): string[] {
  const key = (p: FileParam): string => JSON.stringify([p.section, p.name]);
  const old = new Map(before.map((p) => [key(p), p.value]));
  const kept = new Set(after.map(key));
  return [
    ...after.filter((p) => old.get(key(p)) !== p.value).map((p) => `${paramKey(p)} = ${valueText(p.value)}`),
    ...before.filter((p) => !kept.has(key(p))).map((p) => `-${paramKey(p)}`),
  ];
}
