// What the monitor remembers between runs (the task list's metric columns), in a small JSON
// file under the user's config directory: $XDG_CONFIG_HOME/tracktop/state.json, else
// ~/.config/tracktop/state.json. Each server (its API host) has its own part, under
// `servers`: columns chosen on one server name metrics another may not have. A missing or
// unreadable file is an empty state; a write goes to a temporary file renamed over the old
// one, so a crash never leaves half a file.
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

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function readObject(path: string): Record<string, unknown> {
  try {
    const text = readFileSync(path, 'utf8');
    if (text.length > MAX_STATE_BYTES) return {};
    return asObject(JSON.parse(text) as unknown);
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

/**
 * The part of `file` kept for one server, `servers[server]` (server: its API host, e.g.
 * http://127.0.0.1:8008). The parts of other servers are kept as they are on a save.
 */
export function serverState(file: StateFile, server: string): StateFile {
  const servers = (): Record<string, unknown> => asObject(file.load().servers);
  const own = (): Record<string, unknown> => asObject(servers()[server]);
  return {
    path: file.path,
    load: own,
    save(values) {
      file.save({ servers: { ...servers(), [server]: { ...own(), ...values } } });
    },
  };
}
