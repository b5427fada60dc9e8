import { describe, expect, it } from 'vitest';
import { missingSettings } from '../../src/config/missing-settings.js';
import type { Profile } from '../../src/config/profile.js';

function profile(fields: Partial<Profile>): Profile {
  return { verifyCertificate: true, configFiles: [], warnings: [], origins: {}, ...fields };
}

describe('missingSettings', () => {
  it('is null with an api host and a key pair', () => {
    expect(missingSettings(profile({ apiHost: 'https://api.x', accessKey: 'A', secretKey: 'S' }))).toBeNull();
  });

  it('is null with an api host and a token instead of keys', () => {
    expect(missingSettings(profile({ apiHost: 'https://api.x', token: 'T' }))).toBeNull();
  });

  it('names the flag, env var and clearml.conf key for a missing api host', () => {
    const message = missingSettings(profile({ accessKey: 'A', secretKey: 'S' }));
    expect(message).toContain('No API server is set');
    expect(message).toContain('--api-host');
    expect(message).toContain('CLEARML_API_HOST');
    expect(message).toContain('api.api_server');
    expect(message).not.toContain('credentials');
  });

  it('names every way to give credentials when none are set', () => {
    const message = missingSettings(profile({ apiHost: 'https://api.x' }));
    for (const name of [
      '--access-key',
      '--secret-key',
      'CLEARML_API_ACCESS_KEY',
      'CLEARML_API_SECRET_KEY',
      'CLEARML_AUTH_TOKEN',
      'api.credentials.access_key',
      'api.credentials.secret_key',
    ]) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain('No API server');
  });

  it('names only the missing half of a key pair and where the other half came from', () => {
    const noSecret = missingSettings(
      profile({
        apiHost: 'https://api.x',
        accessKey: 'A',
        origins: { accessKey: { kind: 'env', name: 'CLEARML_API_ACCESS_KEY' } },
      }),
    );
    expect(noSecret).toContain('The secret key is missing (the access key comes from env CLEARML_API_ACCESS_KEY)');
    expect(noSecret).toContain('--secret-key');
    expect(noSecret).not.toContain('--access-key');

    const noAccess = missingSettings(
      profile({
        apiHost: 'https://api.x',
        secretKey: 'S',
        origins: { secretKey: { kind: 'file', file: '/h/clearml.conf', line: 3 } },
      }),
    );
    expect(noAccess).toContain('The access key is missing (the secret key comes from /h/clearml.conf:3)');
    expect(noAccess).toContain('api.credentials.access_key');
  });

  it('reports both problems and which files were read', () => {
    const message = missingSettings(profile({ configFiles: ['/h/clearml.conf'] }));
    expect(message?.split('\n')).toHaveLength(3);
    expect(message).toContain('No API server is set');
    expect(message).toContain('No credentials are set');
    expect(message).toContain('clearml.conf read: /h/clearml.conf');
  });

  it('says when no clearml.conf was found', () => {
    expect(missingSettings(profile({}))).toContain('No clearml.conf was found');
  });
});
