// The real clearml-agent 1.9.2 (shared/clients beside the repository, unchanged) run by Debian's
// python3 against an embedded server, as on a machine with no internet: the system Python runs
// each task and nothing is installed (docs in shared/clients/README.md). It needs what the SDK
// needs plus python3-virtualenv; without them or the tarball the agent tests skip with one line.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basicAuth, send, type Answer } from './http.js';
import { PYTHON, sdkMissing, sharedTarball, type SdkWorld } from './sdk.js';
import { sleep } from './timers.js';

const AGENT_TARBALL = 'clearml-agent-1.9.2.tar.gz';

/** Why the agent tests cannot run here (one line), or undefined; printed once. */
export function agentSkipReason(): string | undefined {
  const reason =
    sharedTarball(AGENT_TARBALL) === undefined
      ? `the clearml-agent tarball is missing: put shared/clients/${AGENT_TARBALL} beside the repository`
      : sdkMissing({ virtualenv: 'python3-virtualenv' });
  if (reason !== undefined) console.warn(`clearml-agent tests skipped: ${reason}`);
  return reason;
}

export interface Agent {
  /** Everything the agent (and the tasks it ran) printed so far. */
  output(): string;
  /** Stops the agent and the task it runs (its whole process group), and removes its files. */
  stop(): Promise<void>;
}

/**
 * Starts `clearml-agent daemon --queue <queue> --create-queue --foreground` as worker `workerId`
 * with the world's server and credentials, running tasks with /usr/bin/python3 as they are.
 */
export function startAgent(world: SdkWorld, workerId: string, queue = 'default'): Agent {
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-agent-'));
  execFileSync('tar', ['xzf', sharedTarball(AGENT_TARBALL) as string, '-C', dir]);
  const env: NodeJS.ProcessEnv = {
    ...world.env,
    PYTHONPATH: `${join(dir, 'clearml-agent-1.9.2')}:${world.env.PYTHONPATH ?? ''}`,
    CLEARML_WORKER_ID: workerId,
    CLEARML_AGENT_SKIP_PYTHON_ENV_INSTALL: '1',
    CLEARML_AGENT_SKIP_PIP_VENV_INSTALL: PYTHON,
  };
  const child: ChildProcess = spawn(
    PYTHON,
    ['-m', 'clearml_agent', 'daemon', '--queue', queue, '--create-queue', '--foreground'],
    { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return {
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until the server lists a worker: the agent registers once it has logged in. */
export async function agentRegistered(
  call: (endpoint: string, body: unknown) => Promise<Answer>,
  agent: Agent,
): Promise<void> {
  await until(
    async () => ((await call('workers.get_all', {})).workers.length > 0 ? true : undefined),
    60_000,
    'the agent to register',
    () => agent.output(),
  );
}

/** Calls on the world's server with a token of its key pair (the test's view of the server). */
export async function serverCaller(world: SdkWorld): Promise<(endpoint: string, body: unknown) => Promise<Answer>> {
  const { url, accessKey, secretKey } = world.server;
  const login = await send(url, '/auth.login', {}, { auth: basicAuth(accessKey, secretKey) });
  const auth = `Bearer ${login.data.token as string}`;
  return async (endpoint, body) => {
    const r = await send(url, `/${endpoint}`, body, { auth });
    if (r.status !== 200) throw new Error(`${endpoint} answered ${r.status} ${r.subcode}: ${r.msg}`);
    return r.data;
  };
}

/**
 * Polls `probe` every half second until it returns something other than undefined (the agent
 * works at its own pace: it polls its queue every 5 s); fails after `timeoutMs` naming `what`.
 */
export async function until<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
  context: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${context()}`);
    await sleep(500);
  }
}
