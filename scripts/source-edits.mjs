// Edits of a dependency's source, applied in place under node_modules by `postinstall`
// (scripts/dependency-edits.mjs): each edit must find its text exactly once, or the package
// changed under it and applying stops.

/**
 * `source` with each `[from, to]` of `edits` applied and `helpers` appended. Throws when a
 * `from` is not found exactly once, naming `what` (the module) and `review` (the plugin's file).
 */
export function applyEdits(source, edits, helpers, { what, review }) {
  let patched = source;
  for (const [from, to] of edits) {
    if (patched.split(from).length !== 2)
      throw new Error(`${what} changed (expected once: ${from.split('\n')[0]}); review ${review}`);
    patched = patched.replace(from, to);
  }
  return `${patched}\n${helpers}`;
}
