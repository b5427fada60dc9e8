// The real ClearML Python SDK 1.17.0 (shared/clients beside the repository, unchanged) run by
// Debian's python3 against an embedded server, as a user's scripts run. Where the tarball or
// the Python packages are missing, sdkMissing() says what to install and the SDK tests skip
// (so a clone without shared/ still passes `npm test`); .ci/run installs everything.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './demo-process.js';
import { startTestServer, type TestServer } from './server.js';

export const PYTHON = '/usr/bin/python3';
/** A tarball of shared/clients: shared/ sits beside the clone (CI), or one level further up (a worktree under wt/). */
export function sharedTarball(file: string): string | undefined {
  return [join(ROOT, '..'), join(ROOT, '..', '..')]
    .map((dir) => join(dir, 'shared', 'clients', file))
    .find((p) => existsSync(p));
}
/** Debian packages of the SDK's own dependencies, and the Python modules they provide. */
const SDK_PACKAGES: Record<string, string> = {
  furl: 'python3-furl',
  orderedmultidict: 'python3-orderedmultidict',
  jsonschema: 'python3-jsonschema',
  jwt: 'python3-jwt',
  attr: 'python3-attr',
  six: 'python3-six',
  psutil: 'python3-psutil',
  pyparsing: 'python3-pyparsing',
  dateutil: 'python3-dateutil',
  yaml: 'python3-yaml',
  urllib3: 'python3-urllib3',
  requests: 'python3-requests',
  PIL: 'python3-pil',
  numpy: 'python3-numpy',
};
/** What ordinary training code imports besides the SDK (its framework hooks patch these). */
export const TRAINING_PACKAGES: Record<string, string> = {
  torch: 'python3-torch',
  matplotlib: 'python3-matplotlib',
  pandas: 'python3-pandas',
  plotly: 'python3-plotly',
};

/** Lines the SDK prints when a call failed, even when it carries on. */
const FAILURE_LINE = /\bERROR\b|Action failed|Traceback/;
/** The same without Traceback, for a script that is meant to crash. */
const CALL_FAILURE_LINE = /\bERROR\b|Action failed|failed logging task to backend/;

function importable(modules: readonly string[]): boolean {
  if (!existsSync(PYTHON)) return false;
  try {
    execFileSync(PYTHON, ['-c', `import ${modules.join(', ')}`], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

function tarball(): string | undefined {
  return sharedTarball('clearml-sdk-1.17.0.tar.gz');
}

/**
 * Why the SDK tests cannot run here (one line naming what to install), or undefined when they
 * can; `extra` are further Python modules the test file's scripts import.
 */
export function sdkMissing(extra: Record<string, string> = {}): string | undefined {
  if (tarball() === undefined)
    return 'the ClearML SDK tarball is missing: put shared/clients/clearml-sdk-1.17.0.tar.gz beside the repository';
  const packages = { ...SDK_PACKAGES, ...extra };
  if (importable(Object.keys(packages))) return undefined;
  const missing = Object.entries(packages).filter(([module]) => !importable([module]));
  return `Python packages are missing: apt-get install -y python3 ${missing.map(([, pkg]) => pkg).join(' ')}`;
}

/** Prints the reason once and returns it, for `describe.skipIf(...)`. */
export function skipReason(extra: Record<string, string> = {}): string | undefined {
  const reason = sdkMissing(extra);
  if (reason !== undefined) console.warn(`ClearML SDK tests skipped: ${reason}`);
  return reason;
}

export interface Run {
  code: number | null;
  output: string;
}

export interface SdkWorld {
  server: TestServer;
  /** The environment of a script: the SDK on PYTHONPATH, the server in CLEARML_* variables. */
  env: NodeJS.ProcessEnv;
  /** Runs a copied script (test/sdk/<name>) from a directory outside any git repository. */
  run(script: string, args?: string[], extraEnv?: NodeJS.ProcessEnv, timeoutMs?: number): Promise<Run>;
  close(): Promise<void>;
}

export interface SdkSetup {
  /** Scripts are copied here and run from here: outside any git repository. */
  scriptDir: string;
  /** A fresh directory for a HOME of its own (no clearml.conf, no SDK cache). */
  newHome(): string;
  /** PATH, HOME, the SDK on PYTHONPATH; no CLEARML_* variable. */
  baseEnv: NodeJS.ProcessEnv;
  remove(): void;
}

/** Unpacks the SDK and copies the scripts (test/sdk/<name>) into a temp dir. */
export function prepareSdk(scripts: readonly string[]): SdkSetup {
  const source = tarball();
  if (source === undefined) throw new Error('the ClearML SDK tarball is missing');
  const work = mkdtempSync(join(tmpdir(), 'tracktop-sdk-'));
  execFileSync('tar', ['xzf', source, '-C', work]);
  // pathlib2 has no Debian package; the standard library's pathlib is what it backports.
  mkdirSync(join(work, 'shim'));
  writeFileSync(join(work, 'shim', 'pathlib2.py'), 'from pathlib import *\n');
  // Outside any git repository, as a user's script may be: the SDK's requirement analysis then
  // reads the script alone instead of this whole repository (which can outlast its 10 s wait).
  const scriptDir = join(work, 'scripts');
  mkdirSync(scriptDir);
  for (const script of scripts) copyFileSync(join(ROOT, 'test', 'sdk', script), join(scriptDir, script));
  let homes = 0;
  const newHome = () => {
    const home = join(work, `home${homes++}`);
    // Matplotlib's cache stays inside it.
    mkdirSync(join(home, 'mpl'), { recursive: true });
    return home;
  };
  const home = newHome();
  return {
    scriptDir,
    newHome,
    baseEnv: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      MPLCONFIGDIR: join(home, 'mpl'),
      PYTHONPATH: `${join(work, 'shim')}:${join(work, 'clearml-sdk-1.17.0')}`,
      PYTHONUNBUFFERED: '1',
      // Torch's threads stay off the cores other tests share.
      OMP_NUM_THREADS: '1',
    },
    remove: () => rmSync(work, { recursive: true, force: true }),
  };
}

/** Unpacks the SDK, copies the scripts and starts a server. */
export async function startSdkWorld(scripts: readonly string[], project: string): Promise<SdkWorld> {
  const setup = prepareSdk(scripts);
  const server = await startTestServer();
  const env: NodeJS.ProcessEnv = {
    ...setup.baseEnv,
    CLEARML_API_HOST: server.url,
    CLEARML_WEB_HOST: server.url,
    CLEARML_FILES_HOST: `${server.url}/files`,
    CLEARML_API_ACCESS_KEY: server.accessKey,
    CLEARML_API_SECRET_KEY: server.secretKey,
    CLEARML_CONFIG_FILE: '/dev/null',
    SDK_TEST_PROJECT: project,
  };
  return {
    server,
    env,
    run: (script, args = [], extraEnv = {}, timeoutMs = 120_000) =>
      runProcess(PYTHON, [script, ...args], { ...env, ...extraEnv }, setup.scriptDir, timeoutMs),
    async close() {
      await server.close();
      setup.remove();
    },
  };
}

/** Runs a process to its end (killed after timeoutMs, which then shows as a null code). */
export function runProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  timeoutMs: number,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The SDK's error lines in a script's output (a test fails on any). */
export function failureLines(output: string): string[] {
  return output.split('\n').filter((line) => FAILURE_LINE.test(line));
}

/** The same for a script meant to crash: its own traceback is expected, failed calls are not. */
export function callFailureLines(output: string): string[] {
  return output.split('\n').filter((line) => CALL_FAILURE_LINE.test(line));
}

/** `NAME=value` printed by a script. */
export function printed(output: string, name: string): string {
  return new RegExp(`^${name}=(.*)$`, 'm').exec(output)?.[1] ?? '';
}
