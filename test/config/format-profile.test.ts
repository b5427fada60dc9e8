import { describe, expect, it } from 'vitest';
import { describeOrigin, formatProfile, maskSecret } from '../../src/config/format-profile.js';
import type { Profile } from '../../src/config/profile.js';

describe('maskSecret', () => {
  it('shows only the first two characters of a secret', () => {
    expect(maskSecret('pL3vX9qR2mK8')).toBe('pL****');
  });

  it('hides short secrets entirely', () => {
    expect(maskSecret('abcd')).toBe('****');
    expect(maskSecret('')).toBe('****');
  });
});

describe('describeOrigin', () => {
  it('names flags, environment variables, file lines, derivations and defaults', () => {
    expect(describeOrigin({ kind: 'flag', name: '--api-host' })).toBe('flag --api-host');
    expect(describeOrigin({ kind: 'env', name: 'CLEARML_API_HOST' })).toBe('env CLEARML_API_HOST');
    expect(describeOrigin({ kind: 'file', file: '/home/u/clearml.conf', line: 12 })).toBe('/home/u/clearml.conf:12');
    expect(describeOrigin({ kind: 'derived', from: 'apiHost' })).toBe('derived from api host');
    expect(describeOrigin({ kind: 'derived', from: 'webHost' })).toBe('derived from web host');
    expect(describeOrigin({ kind: 'default' })).toBe('default');
  });
});

describe('formatProfile', () => {
  const profile: Profile = {
    apiHost: 'https://api.example.com',
    webHost: 'https://app.example.com',
    filesHost: 'https://files.example.com',
    accessKey: 'ACCESSKEY1',
    secretKey: 'SuperSecretValue',
    token: 'eyJhbGciOiJIUzI1NiJ9.payload.sig',
    verifyCertificate: '/etc/ssl/ca.pem',
    configFiles: ['/home/u/trains.conf', '/home/u/clearml.conf'],
    warnings: ['/home/u/clearml.conf:1:1: ignored \'include "x"\': tracktop does not follow includes'],
    origins: {
      apiHost: { kind: 'env', name: 'CLEARML_API_HOST' },
      webHost: { kind: 'derived', from: 'apiHost' },
      filesHost: { kind: 'derived', from: 'webHost' },
      accessKey: { kind: 'flag', name: '--access-key' },
      secretKey: { kind: 'file', file: '/home/u/clearml.conf', line: 9 },
      token: { kind: 'env', name: 'CLEARML_AUTH_TOKEN' },
      verifyCertificate: { kind: 'file', file: '/home/u/clearml.conf', line: 4 },
    },
  };

  it('prints one line per value with its origin and masks the secret and token', () => {
    expect(formatProfile(profile).split('\n')).toEqual([
      'api host     https://api.example.com  (env CLEARML_API_HOST)',
      'web host     https://app.example.com  (derived from api host)',
      'files host   https://files.example.com  (derived from web host)',
      'access key   ACCESSKEY1  (flag --access-key)',
      'secret key   Su****  (/home/u/clearml.conf:9)',
      'token        ey****  (env CLEARML_AUTH_TOKEN)',
      'verify cert  yes, with CA bundle /etc/ssl/ca.pem  (/home/u/clearml.conf:4)',
      'config files /home/u/trains.conf, /home/u/clearml.conf',
      'warning: /home/u/clearml.conf:1:1: ignored \'include "x"\': tracktop does not follow includes',
    ]);
  });

  it('never prints the full secret or token', () => {
    const text = formatProfile(profile);
    expect(text).not.toContain('SuperSecretValue');
    expect(text).not.toContain('eyJhbGciOiJIUzI1NiJ9');
  });

  it('says "not set" for missing values and when no config file was found', () => {
    const empty: Profile = {
      verifyCertificate: false,
      configFiles: [],
      warnings: [],
      origins: { verifyCertificate: { kind: 'env', name: 'CLEARML_API_HOST_VERIFY_CERT' } },
    };
    expect(formatProfile(empty).split('\n')).toEqual([
      'api host     not set',
      'web host     not set',
      'files host   not set',
      'access key   not set',
      'secret key   not set',
      'token        not set',
      'verify cert  no (server certificates are not checked)  (env CLEARML_API_HOST_VERIFY_CERT)',
      'config files none found',
    ]);
  });
});
