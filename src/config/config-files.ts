import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from './config-error.js';
import { lookupClearmlEnv } from './env-lookup.js';
import { mergeParsedObjects, parseHoconDocument, type ParsedDocument } from './hocon-parser.js';
import { resolveSubstitutions } from './hocon-resolver.js';
import type { ConfigObject, Env } from './hocon-types.js';

export interface ConfigFileChoice {
  /** Files to read, lowest precedence first. */
  files: string[];
  /** What named the file (`--config`, `CLEARML_CONFIG_FILE`, ...); unset for the home-directory defaults. */
  namedBy?: string;
}

export interface LoadedConfig {
  /** The merged, resolved config; undefined when no file was found. */
  root: ConfigObject | undefined;
  /** Files actually read, lowest precedence first. */
  files: string[];
  warnings: string[];
}

export function expandHome(path: string, homeDir: string): string {
  if (path === '~') return homeDir;
  if (path.startsWith('~/')) return join(homeDir, path.slice(2));
  return path;
}

/** `--config`, else `CLEARML_CONFIG_FILE` / `TRAINS_CONFIG_FILE`, else `~/clearml.conf` over `~/trains.conf`. */
export function chooseConfigFiles(opts: { configFlag?: string; env: Env; homeDir: string }): ConfigFileChoice {
  const flag = opts.configFlag?.trim();
  if (flag) return { files: [resolve(expandHome(flag, opts.homeDir))], namedBy: '--config' };
  const fromEnv = lookupClearmlEnv(opts.env, 'CONFIG_FILE');
  if (fromEnv !== undefined) {
    return { files: [resolve(expandHome(fromEnv.value, opts.homeDir))], namedBy: fromEnv.name };
  }
  return { files: [join(opts.homeDir, 'trains.conf'), join(opts.homeDir, 'clearml.conf')] };
}

/**
 * Read and merge the chosen files, then resolve substitutions against the merged config and `env`.
 * A file named explicitly must exist; the home-directory defaults are optional.
 */
export function loadConfig(choice: ConfigFileChoice, env: Env): LoadedConfig {
  const documents: ParsedDocument[] = [];
  const files: string[] = [];
  for (const file of choice.files) {
    const text = readConfigText(file, choice.namedBy);
    if (text === undefined) continue;
    documents.push(parseHoconDocument(text, file));
    files.push(file);
  }
  const [first, ...rest] = documents;
  if (first === undefined) return { root: undefined, files, warnings: [] };
  const merged = rest.reduce((base, doc) => mergeParsedObjects(base, doc.root), first.root);
  return {
    root: resolveSubstitutions(merged, env),
    files,
    warnings: documents.flatMap((doc) => doc.warnings),
  };
}

function readConfigText(file: string, namedBy: string | undefined): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      if (namedBy === undefined) return undefined;
      throw new ConfigError(`config file not found (named by ${namedBy})`, { file });
    }
    const reason = code === 'EISDIR' ? 'it is a directory' : (code ?? (error as Error).message);
    throw new ConfigError(`cannot read the config file: ${reason}`, { file });
  }
}
