// A typed tag edit, as the triage dialogs take it: "a, b, -c" adds a and b and removes c
// (a leading "+" also adds); empty parts and lone signs are ignored.

export interface TagEdit {
  add: string[];
  remove: string[];
}

export function parseTagEdit(value: string): TagEdit {
  const add: string[] = [];
  const remove: string[] = [];
  for (const part of value.split(',')) {
    const token = part.trim();
    if (token === '' || token === '-' || token === '+') continue;
    if (token.startsWith('-')) remove.push(token.slice(1).trim());
    else add.push(token.replace(/^\+/, '').trim());
  }
  return { add, remove };
}

/** One item's tags after the edit: its other tags stay, sorted, each once. */
export function applyTagEdit(tags: readonly string[], edit: TagEdit): string[] {
  return [...new Set([...tags, ...edit.add])].filter((t) => !edit.remove.includes(t)).sort();
}
