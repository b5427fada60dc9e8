// Text put into a server-side regular expression (a name or id pattern of a query) as itself.

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
