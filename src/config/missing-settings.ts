import { describeOrigin } from './format-profile.js';
import type { Profile } from './profile.js';

/**
 * What must still be set before connecting, naming the flag, environment variable and
 * clearml.conf key for each; null when there is an api host and a token or a full key pair.
 */
export function missingSettings(profile: Profile): string | null {
  const problems: string[] = [];
  if (profile.apiHost === undefined) {
    problems.push(
      'No API server is set: pass --api-host URL, set CLEARML_API_HOST, or set api.api_server in clearml.conf.',
    );
  }
  if (profile.token === undefined) {
    const credentials = missingCredentials(profile);
    if (credentials !== null) problems.push(credentials);
  }
  if (problems.length === 0) return null;
  const files =
    profile.configFiles.length > 0
      ? `clearml.conf read: ${profile.configFiles.join(', ')}`
      : 'No clearml.conf was found (looked for ~/clearml.conf and ~/trains.conf).';
  return [...problems, files].join('\n');
}

function missingCredentials(profile: Profile): string | null {
  const { accessKey, secretKey, origins } = profile;
  if (accessKey === undefined && secretKey === undefined) {
    return (
      'No credentials are set: pass --access-key and --secret-key, ' +
      'set CLEARML_API_ACCESS_KEY and CLEARML_API_SECRET_KEY (or CLEARML_AUTH_TOKEN), ' +
      'or set api.credentials.access_key and api.credentials.secret_key in clearml.conf.'
    );
  }
  if (secretKey === undefined) {
    const from = origins.accessKey ? ` (the access key comes from ${describeOrigin(origins.accessKey)})` : '';
    return (
      `The secret key is missing${from}: pass --secret-key, set CLEARML_API_SECRET_KEY, ` +
      'or set api.credentials.secret_key in clearml.conf.'
    );
  }
  if (accessKey === undefined) {
    const from = origins.secretKey ? ` (the secret key comes from ${describeOrigin(origins.secretKey)})` : '';
    return (
      `The access key is missing${from}: pass --access-key, set CLEARML_API_ACCESS_KEY, ` +
      'or set api.credentials.access_key in clearml.conf.'
    );
  }
  return null;
}
