import { describe, expect, it } from 'vitest';
import { deriveFilesHost, deriveWebHost, normalizeHost } from '../../src/config/hosts.js';

describe('normalizeHost', () => {
  it('drops surrounding spaces and every trailing slash', () => {
    expect(normalizeHost('  https://api.example.com///  ')).toBe('https://api.example.com');
    expect(normalizeHost('http://h:8008/api/')).toBe('http://h:8008/api');
  });
});

describe('deriveWebHost', () => {
  it('turns an api. host name into app.', () => {
    expect(deriveWebHost('https://api.clear.ml')).toBe('https://app.clear.ml');
  });

  it('turns port 8008 into 8080', () => {
    expect(deriveWebHost('http://localhost:8008')).toBe('http://localhost:8080');
    expect(deriveWebHost('http://[::1]:8008/')).toBe('http://[::1]:8080');
  });

  it('rewrites both the name and the port when both follow the convention', () => {
    expect(deriveWebHost('http://api.lab.local:8008')).toBe('http://app.lab.local:8080');
  });

  it('gives up when the host follows neither convention', () => {
    expect(deriveWebHost('https://clearml.example.com')).toBeUndefined();
    expect(deriveWebHost('http://host:9000')).toBeUndefined();
  });
});

describe('deriveFilesHost', () => {
  it('turns an app. host name into files.', () => {
    expect(deriveFilesHost('https://app.clear.ml')).toBe('https://files.clear.ml');
  });

  it('moves any explicit port to 8081', () => {
    expect(deriveFilesHost('http://localhost:8080')).toBe('http://localhost:8081');
    expect(deriveFilesHost('http://app.lab.local:9080')).toBe('http://files.lab.local:8081');
  });

  it('gives up when the host follows neither convention', () => {
    expect(deriveFilesHost('https://clearml.example.com')).toBeUndefined();
  });
});
