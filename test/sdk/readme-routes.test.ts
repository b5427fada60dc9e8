// The README's "Log your own runs", followed as a newcomer would: the built `tracktop serve`,
// then the README's own Python block run by the unchanged SDK, once with the printed
// clearml.conf block pasted into ~/clearml.conf and once with the README's `export` lines
// (their placeholders filled in); then the results-page link the SDK printed, in a browser's
// place. Skipped, with one line naming what to install, where the SDK or its packages are missing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { BIN, ROOT } from '../helpers/demo-process.js';
import { failureLines, prepareSdk, PYTHON, runProcess, skipReason, type SdkSetup } from '../helpers/sdk.js';

const SKIP = skipReason();
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const SECTION = README.slice(README.indexOf('## Log your own runs'), README.indexOf('## Keys'));
/** The README's placeholder address, replaced by the server's real one. */
const README_ADDRESS = 'http://127.0.0.1:8008';

/** The first fenced block of `lang` in the section containing `text`, without its indentation. */
function block(lang: string, text = ''): string {
  const fence = new RegExp('```' + lang + '\\n([\\s\\S]*?)\\n\\s*```', 'g');
  for (const match of SECTION.matchAll(fence)) {
    const body = match[1] ?? '';
    if (body.includes(text))
      return body
        .split('\n')
        .map((line) => line.replace(/^ {3}/, ''))
        .join('\n');
  }
  throw new Error(`the README's "Log your own runs" has no ${lang} block with ${JSON.stringify(text)}`);
}

let setup: SdkSetup;
let serve: ChildProcess;
let dataDir: string;
let url = '';
let snippet = '';

beforeAll(async () => {
  if (SKIP !== undefined) return;
  setup = prepareSdk([]);
  writeFileSync(join(setup.scriptDir, 'readme_run.py'), `${block('python')}\n`);
  dataDir = mkdtempSync(join(tmpdir(), 'tracktop-readme-'));
  serve = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--db', join(dataDir, 'tracktop.db')], {
    env: { PATH: process.env.PATH, HOME: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (d: Buffer) => {
      printed += d.toString();
      const snippetMatch = /^api \{\n[\s\S]*?^\}$/m.exec(printed);
      const listening = /listening on (http:\/\/\S+)/.exec(printed);
      if (snippetMatch && listening?.[1]) {
        url = listening[1];
        snippet = snippetMatch[0];
        resolve();
      }
    };
    serve.stdout?.on('data', seen);
    serve.stderr?.on('data', seen);
    serve.on('exit', () => reject(new Error(`tracktop serve exited: ${printed}`)));
  });
}, 60_000);

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    const exited = new Promise((resolve) => serve.on('exit', resolve));
    serve.kill('SIGTERM');
    await exited;
  }
  setup?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The README's Python block run with this environment: exit 0, no error line; its output. */
async function runReadmeScript(env: NodeJS.ProcessEnv): Promise<string> {
  const run = await runProcess(PYTHON, ['readme_run.py'], env, setup.scriptDir, 120_000);
  expect(failureLines(run.output), run.output).toEqual([]);
  expect(run.code, run.output).toBe(0);
  return run.output;
}

describe.skipIf(SKIP !== undefined)("the README's two routes to log a run", () => {
  const results: string[] = [];

  it('the clearml.conf block tracktop serve prints, pasted into ~/clearml.conf', async () => {
    const home = setup.newHome();
    writeFileSync(join(home, 'clearml.conf'), `${snippet}\n`);
    const output = await runReadmeScript({ ...setup.baseEnv, HOME: home, MPLCONFIGDIR: join(home, 'mpl') });
    results.push(output);
  }, 150_000);

  it("the README's export lines, with the printed keys in place of the dots", async () => {
    const keys = {
      CLEARML_API_ACCESS_KEY: /access_key: "([^"]+)"/.exec(snippet)?.[1] ?? '',
      CLEARML_API_SECRET_KEY: /secret_key: "([^"]+)"/.exec(snippet)?.[1] ?? '',
    };
    const exported: NodeJS.ProcessEnv = {};
    for (const line of block('sh', 'export ')
      .split('\n')
      .filter((l) => l.startsWith('export '))) {
      for (const pair of line.slice('export '.length).trim().split(/\s+/)) {
        const [name = '', value = ''] = pair.split('=');
        exported[name] = value === '...' ? keys[name as keyof typeof keys] : value.replace(README_ADDRESS, url);
      }
    }
    expect(Object.keys(exported).sort()).toEqual([
      'CLEARML_API_ACCESS_KEY',
      'CLEARML_API_HOST',
      'CLEARML_API_SECRET_KEY',
      'CLEARML_FILES_HOST',
      'CLEARML_WEB_HOST',
    ]);
    const home = setup.newHome();
    const output = await runReadmeScript({
      ...setup.baseEnv,
      HOME: home,
      MPLCONFIGDIR: join(home, 'mpl'),
      ...exported,
    });
    results.push(output);

    const client = createClient({
      apiHost: url,
      accessKey: keys.CLEARML_API_ACCESS_KEY,
      secretKey: keys.CLEARML_API_SECRET_KEY,
    });
    const { tasks } = await client.tasks.getAllEx({ name: '^lenet$', only_fields: ['id', 'last_iteration'] });
    await client.close();
    expect(tasks.map((t) => t.last_iteration)).toEqual([1, 1]);
  }, 150_000);

  it('the results-page link the SDK printed names the run and the tracktop command', async () => {
    expect(results.length, 'the routes did not run').toBe(2);
    const link = /ClearML results page: (\S+)/.exec(results[0] ?? '')?.[1] ?? '';
    const id = /\/experiments\/([0-9a-f]{32})\//.exec(link)?.[1] ?? '';
    expect(id).not.toBe('');
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>lenet</h1>');
    expect(html).toContain(`<pre>tracktop ${id}</pre>`);
  });
});
