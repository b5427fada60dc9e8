// Turns the connection flags into a Profile and a client, with the errors a user can act on.
import { homedir } from 'node:os';
import { createClient, type ApiClient, type ClientOptions } from '../api/index.js';
import { missingSettings, resolveProfile, type Profile } from '../config/index.js';
import { numberFlag, type ParsedArgs } from './args.js';
import { CliError } from './cli-error.js';

export { CliError };

export function profileFromArgs(values: ParsedArgs['values'], env: NodeJS.ProcessEnv = process.env): Profile {
  const flag = (name: string): string | undefined => {
    const v = values[name];
    return typeof v === 'string' ? v : undefined;
  };
  return resolveProfile({
    flags: {
      config: flag('config'),
      apiHost: flag('api-host'),
      accessKey: flag('access-key'),
      secretKey: flag('secret-key'),
    },
    env,
    homeDir: env.HOME || homedir(),
  });
}

const MIB = 1024 * 1024;

/** `--max-answer-mb` in bytes; undefined leaves the client's bound (64 MiB). */
export function maxAnswerBytes(values: ParsedArgs['values']): number | undefined {
  const mib = numberFlag(values, 'max-answer-mb', 1, 64 * 1024);
  return mib === undefined ? undefined : Math.round(mib * MIB);
}

/** A client for the profile, or a CliError naming the settings that are missing. */
export function clientFromProfile(profile: Profile, extra: Partial<ClientOptions> = {}): ApiClient {
  return createClient({ ...clientOptionsFromProfile(profile), ...extra });
}

/** The client settings of the profile, or a CliError naming the settings that are missing. */
export function clientOptionsFromProfile(profile: Profile): ClientOptions & { apiHost: string } {
  const missing = missingSettings(profile);
  if (missing) throw new CliError(missing);
  return {
    apiHost: profile.apiHost!,
    accessKey: profile.accessKey,
    secretKey: profile.secretKey,
    token: profile.token,
    verifyCertificate: profile.verifyCertificate,
    filesHost: profile.filesHost,
  };
}
