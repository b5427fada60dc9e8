// Where to connect and with what: command-line flags win over CLEARML_* (then TRAINS_*)
// environment variables, which win over clearml.conf. No default server is invented.
import { ConfigError } from './config-error.js';
import { chooseConfigFiles, expandHome, loadConfig } from './config-files.js';
import { lookupClearmlEnv } from './env-lookup.js';
import { getConfigValue } from './hocon.js';
import type { ConfigObject, ConfigValue, Env } from './hocon-types.js';
import { deriveFilesHost, deriveWebHost, normalizeHost } from './hosts.js';

export type ProfileField =
  'apiHost' | 'webHost' | 'filesHost' | 'accessKey' | 'secretKey' | 'token' | 'verifyCertificate';

export type Origin =
  | { kind: 'flag'; name: string }
  | { kind: 'env'; name: string }
  | { kind: 'file'; file: string; line: number }
  | { kind: 'derived'; from: 'apiHost' | 'webHost' }
  | { kind: 'default' };

export interface Profile {
  apiHost?: string;
  webHost?: string;
  filesHost?: string;
  accessKey?: string;
  secretKey?: string;
  /** A bearer token used instead of a key pair. */
  token?: string;
  /** true/false, or the path of a CA bundle to trust. */
  verifyCertificate: boolean | string;
  /** clearml.conf files read, lowest precedence first. */
  configFiles: string[];
  /** Things in the config files that were ignored (e.g. `include`). */
  warnings: string[];
  origins: Partial<Record<ProfileField, Origin>>;
}

export interface ProfileFlags {
  config?: string;
  apiHost?: string;
  accessKey?: string;
  secretKey?: string;
}

export interface ResolveProfileInput {
  flags: ProfileFlags;
  env: Env;
  homeDir: string;
}

interface FieldSource {
  flag?: { key: keyof ProfileFlags; name: string };
  envSuffix: string;
  /** clearml.conf paths, preferred first. */
  configPaths: readonly (readonly string[])[];
}

const SOURCES: Record<ProfileField, FieldSource> = {
  apiHost: {
    flag: { key: 'apiHost', name: '--api-host' },
    envSuffix: 'API_HOST',
    configPaths: [
      ['api', 'api_server'],
      ['api', 'host'],
    ],
  },
  webHost: { envSuffix: 'WEB_HOST', configPaths: [['api', 'web_server']] },
  filesHost: { envSuffix: 'FILES_HOST', configPaths: [['api', 'files_server']] },
  accessKey: {
    flag: { key: 'accessKey', name: '--access-key' },
    envSuffix: 'API_ACCESS_KEY',
    configPaths: [['api', 'credentials', 'access_key']],
  },
  secretKey: {
    flag: { key: 'secretKey', name: '--secret-key' },
    envSuffix: 'API_SECRET_KEY',
    configPaths: [['api', 'credentials', 'secret_key']],
  },
  token: { envSuffix: 'AUTH_TOKEN', configPaths: [] },
  verifyCertificate: { envSuffix: 'API_HOST_VERIFY_CERT', configPaths: [['api', 'verify_certificate']] },
};

interface Setting {
  value: string;
  origin: Origin;
}

/** Throws ConfigError for a missing explicitly named file, unreadable or malformed config. */
export function resolveProfile(input: ResolveProfileInput): Profile {
  const choice = chooseConfigFiles({ configFlag: input.flags.config, env: input.env, homeDir: input.homeDir });
  const config = loadConfig(choice, input.env);
  const find = (field: ProfileField): Setting | undefined => findSetting(field, input, config.root);

  const profile: Profile = {
    verifyCertificate: true,
    configFiles: config.files,
    warnings: config.warnings,
    origins: { verifyCertificate: { kind: 'default' } },
  };
  for (const field of ['apiHost', 'webHost', 'filesHost'] as const) {
    const setting = find(field);
    const host = setting && normalizeHost(setting.value);
    if (setting && host) {
      profile[field] = host;
      profile.origins[field] = setting.origin;
    }
  }
  for (const field of ['accessKey', 'secretKey', 'token'] as const) {
    const setting = find(field);
    if (setting) {
      profile[field] = setting.value;
      profile.origins[field] = setting.origin;
    }
  }
  const verify = find('verifyCertificate');
  if (verify) {
    profile.verifyCertificate = parseVerifyCertificate(verify.value, input.homeDir);
    profile.origins.verifyCertificate = verify.origin;
  }

  if (profile.webHost === undefined && profile.apiHost !== undefined) {
    const derived = deriveWebHost(profile.apiHost);
    if (derived !== undefined) {
      profile.webHost = derived;
      profile.origins.webHost = { kind: 'derived', from: 'apiHost' };
    }
  }
  if (profile.filesHost === undefined && profile.webHost !== undefined) {
    const derived = deriveFilesHost(profile.webHost);
    if (derived !== undefined) {
      profile.filesHost = derived;
      profile.origins.filesHost = { kind: 'derived', from: 'webHost' };
    }
  }
  return profile;
}

function findSetting(
  field: ProfileField,
  input: ResolveProfileInput,
  root: ConfigObject | undefined,
): Setting | undefined {
  const source = SOURCES[field];
  if (source.flag !== undefined) {
    const value = input.flags[source.flag.key]?.trim();
    if (value) return { value, origin: { kind: 'flag', name: source.flag.name } };
  }
  const fromEnv = lookupClearmlEnv(input.env, source.envSuffix);
  if (fromEnv !== undefined) return { value: fromEnv.value, origin: { kind: 'env', name: fromEnv.name } };
  if (root === undefined) return undefined;
  for (const path of source.configPaths) {
    const value = getConfigValue(root, path);
    const text = value === undefined ? undefined : settingText(value, path);
    if (value !== undefined && text) {
      return { value: text, origin: { kind: 'file', file: value.pos.file, line: value.pos.line } };
    }
  }
  return undefined;
}

function settingText(value: ConfigValue, path: readonly string[]): string | undefined {
  if (value.kind === 'object' || value.kind === 'array') {
    const what = value.kind === 'object' ? 'an object' : 'a list';
    throw new ConfigError(`${path.join('.')} must be a single value, not ${what}`, value.pos);
  }
  if (value.kind === 'null') return undefined;
  return value.text.trim() || undefined;
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off']);

/** A yes/no word, or else the path of a CA bundle. */
function parseVerifyCertificate(value: string, homeDir: string): boolean | string {
  const word = value.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return expandHome(value, homeDir);
}
