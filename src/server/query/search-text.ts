// search_text (docs/wire-facts.md §9.3): a word search over an entity's text fields, plus a SQL
// pre-filter that lets SQLite discard most rows before the word match runs in JavaScript.
import { fieldTexts, type EntitySpec } from './entity-specs.js';
import { joinParts, type SqlPart } from './list-filter.js';

const WORD_SPLIT = /[^\p{L}\p{N}_]+/u;

/** Word-based text search: quoted phrases must all appear, "-word" must not, else any word. */
export function searchTextPredicate(spec: EntitySpec, text: string): (row: Record<string, unknown>) => boolean {
  const phrases: string[] = [];
  const rest = text.replace(/"([^"]*)"/g, (_, p: string) => {
    if (p.trim()) phrases.push(p.toLowerCase());
    return ' ';
  });
  const words: string[] = [];
  const negated: string[] = [];
  for (const token of rest.split(/\s+/)) {
    if (!token) continue;
    const neg = token.startsWith('-');
    for (const w of (neg ? token.slice(1) : token).toLowerCase().split(WORD_SPLIT))
      if (w) (neg ? negated : words).push(w);
  }
  return (row) => {
    const joined = spec.searchTextFields
      .flatMap((f) => fieldTexts(spec, row, f))
      .join('\n')
      .toLowerCase();
    const tokens = new Set(joined.split(WORD_SPLIT));
    if (negated.some((w) => tokens.has(w))) return false;
    if (!phrases.every((p) => joined.includes(p))) return false;
    if (phrases.length > 0 && words.length === 0) return true;
    return words.some((w) => tokens.has(w));
  };
}

/**
 * A SQL pre-filter for search_text that keeps every row the word match could accept: the
 * quoted phrases must appear, and (without phrases) one of the words, as case-insensitive
 * substrings of a searched column. Only for ASCII text, where LIKE folds case like JS does.
 */
export function searchTextPrefilter(spec: EntitySpec, text: string): SqlPart | undefined {
  if (!/^[\x20-\x7e]*$/.test(text)) return undefined;
  const phrases = [...text.matchAll(/"([^"]*)"/g)].map((m) => (m[1] as string).trim()).filter(Boolean);
  const words = text
    .replace(/"[^"]*"/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !w.startsWith('-'))
    .flatMap((w) => w.split(/[^A-Za-z0-9_]+/))
    .filter(Boolean);
  const cols = spec.searchTextFields.filter((f) => spec.columns[f] === 'text');
  if (cols.length !== spec.searchTextFields.length) return undefined;
  const contains = (needle: string): SqlPart => ({
    sql: `(${cols.map((c) => `t.${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`,
    params: cols.map(() => `%${needle.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`),
  });
  if (phrases.length > 0) return joinParts(phrases.map(contains), 'AND');
  if (words.length > 0) return joinParts(words.map(contains), 'OR');
  return undefined;
}
