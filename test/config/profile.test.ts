import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { resolveProfile, type ProfileFlags } from '../../src/config/profile.js';
import { makeTempHome, type TempHome } from '../helpers/temp-home.js';

let home: TempHome;
beforeEach(() => {
  home = makeTempHome();
});
afterEach(() => {
  home.cleanup();
});

function profileWith(env: Record<string, string | undefined> = {}, flags: ProfileFlags = {}) {
  return resolveProfile({ flags, env, homeDir: home.dir });
}

describe('resolveProfile from clearml.conf', () => {
  it('reads hosts and credentials from the file clearml-init writes, with file:line origins', () => {
    const file = home.writeFixture('clearml-init.conf');
    const profile = profileWith();
    expect(profile).toMatchObject({
      apiHost: 'https://api.clear.ml',
      webHost: 'https://app.clear.ml',
      filesHost: 'https://files.clear.ml',
      accessKey: '4YHGN2FX8QKZ5RDT0WAB',
      secretKey: 'pL3vX9qR2mK8sT5wY1zB4nC7dF0gH6jQ3aE8uI2oP5rS9tV',
      verifyCertificate: true,
      configFiles: [file],
    });
    expect(profile.token).toBeUndefined();
    expect(profile.origins).toEqual({
      apiHost: { kind: 'file', file, line: 4 },
      webHost: { kind: 'file', file, line: 5 },
      filesHost: { kind: 'file', file, line: 6 },
      accessKey: { kind: 'file', file, line: 9 },
      secretKey: { kind: 'file', file, line: 9 },
      verifyCertificate: { kind: 'default' },
    });
  });

  it('uses legacy api.host from ~/trains.conf and derives the web and files hosts', () => {
    const file = home.writeFixture('legacy-trains.conf', 'trains.conf');
    const profile = profileWith();
    expect(profile).toMatchObject({
      apiHost: 'http://trains.lab.local:8008',
      webHost: 'http://trains.lab.local:8080',
      filesHost: 'http://trains.lab.local:8081',
      accessKey: 'TRAINSKEY',
      secretKey: 'TRAINSSECRET',
      configFiles: [file],
    });
    expect(profile.origins.apiHost).toEqual({ kind: 'file', file, line: 3 });
    expect(profile.origins.webHost).toEqual({ kind: 'derived', from: 'apiHost' });
    expect(profile.origins.filesHost).toEqual({ kind: 'derived', from: 'webHost' });
  });

  it('prefers api.api_server over api.host', () => {
    home.write('clearml.conf', 'api { host: "http://old:8008"\n api_server: "http://new:8008" }');
    expect(profileWith().apiHost).toBe('http://new:8008');
  });

  it('strips trailing slashes from hosts read from the file', () => {
    home.writeFixture('comments-and-urls.conf');
    expect(profileWith()).toMatchObject({
      apiHost: 'http://clearml.internal:8008',
      webHost: 'http://clearml.internal:8080',
      filesHost: 'http://clearml.internal:8081',
      secretKey: 's3cr3t//not-a-comment#not-either',
    });
  });

  it('reads verify_certificate as a boolean or a CA bundle path with "~" expanded', () => {
    home.writeFixture('dotted-flat.conf');
    expect(profileWith().verifyCertificate).toBe(false);
    home.writeFixture('quoted-secrets.conf');
    const profile = profileWith();
    expect(profile.verifyCertificate).toBe(join(home.dir, 'certs/company-ca.pem'));
    expect(profile.accessKey).toBe('Q8#ACCESS$KEY!');
    expect(profile.secretKey).toBe('p#ss$w0rd!//"quoted" \\ énd');
  });

  it('treats an empty value in the file as unset', () => {
    home.write('clearml.conf', 'api { api_server: "http://api.x:8008", web_server: "", files_server: "" }');
    expect(profileWith()).toMatchObject({ webHost: 'http://app.x:8080', filesHost: 'http://files.x:8081' });
  });

  it('fills credentials from ${VAR} substitutions in the file', () => {
    home.writeFixture('env-substitution.conf');
    const profile = profileWith({
      CLEARML_TEST_SERVER: 'http://api.sub:8008',
      TEAM_ACCESS_KEY: 'TK',
      TEAM_SECRET_KEY: 'TS',
      HOME: home.dir,
    });
    expect(profile).toMatchObject({
      apiHost: 'http://api.sub:8008',
      webHost: 'http://app.sub:8080',
      filesHost: 'https://files.example.com',
      accessKey: 'TK',
      secretKey: 'TS',
    });
  });

  it('rejects an object where a host belongs', () => {
    home.write('clearml.conf', 'api {\n  api_server { url: x }\n}');
    expect(() => profileWith()).toThrow(/clearml\.conf:2:14: api\.api_server must be a single value, not an object$/);
  });

  it('surfaces malformed files as ConfigError with file, line and column', () => {
    const file = home.writeFixture('malformed-bad-token.conf');
    expect(() => profileWith()).toThrow(ConfigError);
    expect(() => profileWith()).toThrow(`${file}:4:20: expected ':', '=' or '{' after the key 'access_key', found '"'`);
  });

  it('sets nothing and invents no server when no source has a value', () => {
    const profile = profileWith();
    expect(profile).toEqual({
      verifyCertificate: true,
      configFiles: [],
      warnings: [],
      origins: { verifyCertificate: { kind: 'default' } },
    });
  });
});

describe('resolveProfile precedence', () => {
  beforeEach(() => {
    home.writeFixture('repeated-blocks.conf');
  });

  it('lets the environment win over the file', () => {
    const profile = profileWith({
      CLEARML_API_HOST: 'https://api.env.example.com/',
      CLEARML_API_ACCESS_KEY: 'ENVKEY',
      CLEARML_API_SECRET_KEY: 'ENVSECRET',
    });
    expect(profile).toMatchObject({
      apiHost: 'https://api.env.example.com',
      webHost: 'https://app.first.example.com',
      accessKey: 'ENVKEY',
      secretKey: 'ENVSECRET',
    });
    expect(profile.origins.apiHost).toEqual({ kind: 'env', name: 'CLEARML_API_HOST' });
    expect(profile.origins.webHost).toMatchObject({ kind: 'file', line: 3 });
  });

  it('lets flags win over the environment and the file', () => {
    const profile = profileWith(
      { CLEARML_API_HOST: 'https://api.env.example.com', CLEARML_API_ACCESS_KEY: 'ENVKEY' },
      { apiHost: 'http://api.flag:8008', accessKey: 'FLAGKEY', secretKey: 'FLAGSECRET' },
    );
    expect(profile).toMatchObject({ apiHost: 'http://api.flag:8008', accessKey: 'FLAGKEY', secretKey: 'FLAGSECRET' });
    expect(profile.origins).toMatchObject({
      apiHost: { kind: 'flag', name: '--api-host' },
      accessKey: { kind: 'flag', name: '--access-key' },
      secretKey: { kind: 'flag', name: '--secret-key' },
    });
  });

  it('merges repeated api blocks so later keys win', () => {
    expect(profileWith()).toMatchObject({
      apiHost: 'https://api.second.example.com',
      accessKey: 'FIRSTKEY',
      secretKey: 'SECONDSECRET',
    });
  });

  it('falls back to TRAINS_ aliases and prefers CLEARML_ names', () => {
    const profile = profileWith({
      TRAINS_API_HOST: 'http://api.trains:8008',
      TRAINS_API_ACCESS_KEY: 'TKEY',
      CLEARML_API_ACCESS_KEY: 'CKEY',
      TRAINS_WEB_HOST: 'http://web.trains',
      TRAINS_FILES_HOST: 'http://files.trains',
      TRAINS_AUTH_TOKEN: 'tok',
      TRAINS_API_HOST_VERIFY_CERT: 'no',
    });
    expect(profile).toMatchObject({
      apiHost: 'http://api.trains:8008',
      webHost: 'http://web.trains',
      filesHost: 'http://files.trains',
      accessKey: 'CKEY',
      token: 'tok',
      verifyCertificate: false,
    });
    expect(profile.origins.apiHost).toEqual({ kind: 'env', name: 'TRAINS_API_HOST' });
    expect(profile.origins.accessKey).toEqual({ kind: 'env', name: 'CLEARML_API_ACCESS_KEY' });
  });

  it('treats empty environment values and flags as unset', () => {
    const profile = profileWith(
      { CLEARML_API_HOST: '', TRAINS_API_HOST: '  ', CLEARML_API_SECRET_KEY: '' },
      { apiHost: '', accessKey: '' },
    );
    expect(profile).toMatchObject({
      apiHost: 'https://api.second.example.com',
      accessKey: 'FIRSTKEY',
      secretKey: 'SECONDSECRET',
    });
    expect(profile.origins.apiHost).toMatchObject({ kind: 'file' });
  });

  it('reads CLEARML_API_HOST_VERIFY_CERT as yes/no words or a CA bundle path', () => {
    expect(profileWith({ CLEARML_API_HOST_VERIFY_CERT: 'False' }).verifyCertificate).toBe(false);
    expect(profileWith({ CLEARML_API_HOST_VERIFY_CERT: '1' }).verifyCertificate).toBe(true);
    const withBundle = profileWith({ CLEARML_API_HOST_VERIFY_CERT: '/etc/ssl/ca.pem' });
    expect(withBundle.verifyCertificate).toBe('/etc/ssl/ca.pem');
    expect(withBundle.origins.verifyCertificate).toEqual({ kind: 'env', name: 'CLEARML_API_HOST_VERIFY_CERT' });
  });

  it('derives hosts from an api host set by a flag, not from the file’s web host', () => {
    home.write('clearml.conf', 'api { api_server: "https://api.file.example.com" }');
    const profile = profileWith({}, { apiHost: 'https://api.flag.example.com' });
    expect(profile).toMatchObject({
      webHost: 'https://app.flag.example.com',
      filesHost: 'https://files.flag.example.com',
    });
  });

  it('leaves the web and files hosts unset when they cannot be derived', () => {
    const profile = profileWith(
      {},
      { apiHost: 'https://clearml.example.com/api', config: home.write('empty.conf', '') },
    );
    expect(profile.webHost).toBeUndefined();
    expect(profile.filesHost).toBeUndefined();
  });
});

describe('resolveProfile config file choice', () => {
  it('reads only the file named by CLEARML_CONFIG_FILE', () => {
    home.writeFixture('repeated-blocks.conf');
    const team = home.writeFixture('trailing-commas.conf', 'team.conf');
    const profile = profileWith({ CLEARML_CONFIG_FILE: '~/team.conf' });
    expect(profile.configFiles).toEqual([team]);
    expect(profile.apiHost).toBe('https://api.trailing.example.com');
  });

  it('lets --config win over CLEARML_CONFIG_FILE', () => {
    home.writeFixture('trailing-commas.conf', 'team.conf');
    const flagged = home.writeFixture('one-line.conf', 'flagged.conf');
    const profile = profileWith({ CLEARML_CONFIG_FILE: '~/team.conf' }, { config: flagged });
    expect(profile.configFiles).toEqual([flagged]);
    expect(profile).toMatchObject({ accessKey: 'AK', secretKey: 'SK' });
    expect(profile.apiHost).toBeUndefined();
  });

  it('fails when --config names a missing file', () => {
    expect(() => profileWith({}, { config: join(home.dir, 'nope.conf') })).toThrow(
      'config file not found (named by --config)',
    );
  });

  it('passes include warnings on', () => {
    home.write('clearml.conf', 'include "base.conf"\napi.api_server: "http://api.x:8008"');
    expect(profileWith().warnings).toEqual([
      `${join(home.dir, 'clearml.conf')}:1:1: ignored 'include "base.conf"': tracktop does not follow includes`,
    ]);
  });
});
