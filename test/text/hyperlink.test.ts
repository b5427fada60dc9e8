import { describe, expect, it } from 'vitest';
import { hyperlink, taskWebUrl, webServerFor } from '../../src/text/hyperlink.js';

describe('hyperlink', () => {
  it('wraps the text in OSC 8 open and close sequences terminated by ST', () => {
    expect(hyperlink('https://app.clear.ml/x', 'run')).toBe(
      '\u001b]8;;https://app.clear.ml/x\u001b\\run\u001b]8;;\u001b\\',
    );
  });

  it('drops control characters from the URL so it cannot end the sequence or start another', () => {
    const link = hyperlink('https://h/a\u001b]52;c;AAAA\u0007b\u009c', 't');
    expect(link).toBe('\u001b]8;;https://h/a]52;c;AAAAb\u001b\\t\u001b]8;;\u001b\\');
  });

  it('gives plain text for an empty URL', () => {
    expect(hyperlink('\u0007', 'plain')).toBe('plain');
  });
});

describe('webServerFor', () => {
  it('prefers the configured web server, without a trailing slash', () => {
    expect(webServerFor('http://localhost:8008', 'http://web.example:9000/')).toBe('http://web.example:9000');
  });

  it('derives the web UI from the API host as the ClearML SDK does', () => {
    expect(webServerFor('https://api.clear.ml')).toBe('https://app.clear.ml');
    expect(webServerFor('https://api.clear.ml/')).toBe('https://app.clear.ml');
    expect(webServerFor('https://demoapi.demo.clear.ml')).toBe('https://demoapp.demo.clear.ml');
    expect(webServerFor('https://api.company.com')).toBe('https://app.company.com');
    expect(webServerFor('http://10.0.0.5:8008')).toBe('http://10.0.0.5:8080');
  });

  it('gives undefined when nothing says where the web UI is', () => {
    expect(webServerFor('http://127.0.0.1:41234')).toBeUndefined();
    expect(webServerFor('not a url')).toBeUndefined();
  });
});

describe('taskWebUrl', () => {
  it('builds {web}/projects/{project}/experiments/{task}/output/log', () => {
    expect(taskWebUrl('https://app.clear.ml/', 'abc123', 'p9')).toBe(
      'https://app.clear.ml/projects/p9/experiments/abc123/output/log',
    );
  });

  it('uses * for a task without a project, as the SDK does', () => {
    expect(taskWebUrl('http://h:8080', 't1')).toBe('http://h:8080/projects/*/experiments/t1/output/log');
    expect(taskWebUrl('http://h:8080', 't1', null)).toBe('http://h:8080/projects/*/experiments/t1/output/log');
  });
});
