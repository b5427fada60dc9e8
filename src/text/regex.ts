// Text put into a server-side regular expression (a list filter's `name` pattern) as itself.

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
