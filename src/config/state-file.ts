// What the monitor remembers between runs (the task list's metric columns), in a small JSON
// file under the user's config directory: $XDG_CONFIG_HOME/tracktop/state.json, else
// ~/.config/tracktop/state.json. A missing or unreadable file is an empty state; a write
// goes to a temporary file renamed over the old one, so a crash never leaves half a file.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** Larger files are not read (the state is a few hundred bytes). */
const MAX_STATE_BYTES = 64 * 1024;

export interface StateFile {
  /** The path, for messages. */
  path: string;
  /** The stored object ({} when there is none or it cannot be read). */
  load(): Record<string, unknown>;
  /** Replaces the stored keys given; throws an Error saying what failed. */
  save(values: Record<string, unknown>): void;
}

export function stateFilePath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.config');
  return join(base, 'tracktop', 'state.json');
}

function readObject(path: string): Record<string, unknown> {
  try {
    const text = readFileSync(path, 'utf8');
    if (text.length > MAX_STATE_BYTES) return {};
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function openStateFile(path: string): StateFile {
  return {
    path,
    load: () => readObject(path),
    save(values) {
      const next = { ...readObject(path), ...values };
      const temp = `${path}.${process.pid}.tmp`;
      try {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
        renameSync(temp, path);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        throw new Error(`could not save ${path}${code ? ` (${code})` : ''}`, { cause: err });
      }
    },
  };
}
