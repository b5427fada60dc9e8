import type { Origin, Profile, ProfileField } from './profile.js';

/** First two characters, then `****`; short values are hidden entirely. */
export function maskSecret(secret: string): string {
  return secret.length <= 4 ? '****' : `${secret.slice(0, 2)}****`;
}

export function describeOrigin(origin: Origin): string {
  switch (origin.kind) {
    case 'flag':
      return `flag ${origin.name}`;
    case 'env':
      return `env ${origin.name}`;
    case 'file':
      return `${origin.file}:${origin.line}`;
    case 'derived':
      return `derived from ${origin.from === 'apiHost' ? 'api host' : 'web host'}`;
    case 'default':
      return 'default';
  }
}

const ROWS: readonly { field: ProfileField; label: string }[] = [
  { field: 'apiHost', label: 'api host' },
  { field: 'webHost', label: 'web host' },
  { field: 'filesHost', label: 'files host' },
  { field: 'accessKey', label: 'access key' },
  { field: 'secretKey', label: 'secret key' },
  { field: 'token', label: 'token' },
  { field: 'verifyCertificate', label: 'verify cert' },
];

const LABEL_WIDTH = 13;

/** One line per setting with where it came from, for `tracktop config`. Secrets are masked. */
export function formatProfile(profile: Profile): string {
  const lines = ROWS.map(({ field, label }) => {
    const value = displayValue(profile, field);
    const origin = profile.origins[field];
    const shown = value === undefined ? 'not set' : origin ? `${value}  (${describeOrigin(origin)})` : value;
    return `${label.padEnd(LABEL_WIDTH)}${shown}`;
  });
  const files = profile.configFiles.length > 0 ? profile.configFiles.join(', ') : 'none found';
  lines.push(`${'config files'.padEnd(LABEL_WIDTH)}${files}`);
  for (const warning of profile.warnings) lines.push(`warning: ${warning}`);
  return lines.join('\n');
}

function displayValue(profile: Profile, field: ProfileField): string | undefined {
  switch (field) {
    case 'secretKey':
    case 'token': {
      const secret = profile[field];
      return secret === undefined ? undefined : maskSecret(secret);
    }
    case 'verifyCertificate': {
      const verify = profile.verifyCertificate;
      if (typeof verify === 'string') return `yes, with CA bundle ${verify}`;
      return verify ? 'yes' : 'no (server certificates are not checked)';
    }
    default:
      return profile[field];
  }
}
