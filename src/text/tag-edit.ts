// A typed tag edit, as the triage dialogs take it: "a, b, -c" adds a and b and removes c
// (a leading "+" also adds); empty parts and lone signs are ignored.

export function parseTagEdit(value: string): { add: string[]; remove: string[] } {
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
