// Narrowing a list by what is typed, as the pickers and the dialogs' completion do it: items
// whose label starts with the text first, then those containing it, case-insensitively, each
// group in the order given.

export function narrow<T>(items: readonly T[], typed: string, labelOf: (item: T) => string): T[] {
  const query = typed.trim().toLowerCase();
  if (query === '') return [...items];
  const starting: T[] = [];
  const containing: T[] = [];
  for (const item of items) {
    const label = labelOf(item).toLowerCase();
    if (label.startsWith(query)) starting.push(item);
    else if (label.includes(query)) containing.push(item);
  }
  return [...starting, ...containing];
}
