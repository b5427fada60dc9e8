#!/usr/bin/env node
// CI (.ci/run): installs the package as a user on a cluster would, from the tarball `npm pack`
// makes, into a temporary prefix, with a HOME of its own and outside this tree. Then, from
// there: `tracktop --version`, `tracktop serve` on a free port, a task created over the API,
// and `tracktop --once` showing it. Needs the build (`npm test` makes it) and the npm registry
// (or npm's cache) for the dependencies; nothing of scripts/ or the dev dependencies.
//
// The package itself has no install step (the tarball's package.json is checked for one).
// better-sqlite3's own install step downloads a prebuilt addon from GitHub, or compiles it with
// headers from nodejs.org; to need no network beyond the registry, the check installs with
// --ignore-scripts and copies the addon this tree's `npm install` built (same version, same Node).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'tracktop-packed-'));
const home = join(work, 'home');
const prefix = join(work, 'prefix');
mkdirSync(home);
// The user's npm cache and settings stay, and so does how this machine reaches the registry
// (proxy, extra CA certificates: without them a cold cache cannot fetch); nothing else of the
// outer environment names a server.
const env = {
  ...reachRegistry(process.env),
  PATH: process.env.PATH,
  HOME: home,
  npm_config_cache: npmCache(),
  LANG: 'C.UTF-8',
};
const started = Date.now();
const INSTALL_TIMEOUT_MS = 4 * 60_000;
let server;

function reachRegistry(outer) {
  const kept = /^(https?_proxy|no_proxy|all_proxy|node_extra_ca_certs|ssl_cert_file|ssl_cert_dir|npm_config_.*)$/i;
  return Object.fromEntries(Object.entries(outer).filter(([name]) => kept.test(name)));
}

function npmCache() {
  return execFileSync('npm', ['config', 'get', 'cache'], { cwd: root, encoding: 'utf8' }).trim();
}

function step(what) {
  process.stdout.write(`packed install: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

function run(command, args, opts = {}) {
  return execFileSync(command, args, { cwd: work, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
}

/** The addon of `name` built in this tree, into the installed copy of the same version. */
function copyNativeAddon(installed, name, addon) {
  const ours = join(root, 'node_modules', name);
  const theirs = join(installed, 'node_modules', name);
  const version = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  if (version(ours) !== version(theirs))
    throw new Error(
      `the package installed ${name} ${version(theirs)}, this tree has ${version(ours)}: run npm install`,
    );
  mkdirSync(dirname(join(theirs, addon)), { recursive: true });
  cpSync(join(ours, addon), join(theirs, addon));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function call(url, method, headers, body) {
  const res = await fetch(`${url}/${method}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method}: HTTP ${res.status} ${JSON.stringify(answer.meta ?? answer)}`);
  return answer.data;
}

async function waitForServer(url, output) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`tracktop serve exited (${server.exitCode}):\n${output()}`);
    try {
      await fetch(`${url}/debug.ping`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`tracktop serve did not answer on ${url}:\n${output()}`);
}

try {
  const tarball = run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], {
    cwd: root,
  }).trim();
  step(`packed ${tarball}`);
  const packed = JSON.parse(run('tar', ['xzOf', join(work, tarball), 'package/package.json']));
  const installSteps = ['preinstall', 'install', 'postinstall'].filter((s) => packed.scripts?.[s] !== undefined);
  if (installSteps.length > 0) throw new Error(`the package has install steps: ${installSteps.join(', ')}`);
  const flags = ['--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'];
  // Bounded: on a cold cache a registry that stops answering would otherwise hang CI.
  try {
    run('npm', ['install', '-g', '--prefix', prefix, ...flags, join(work, tarball)], { timeout: INSTALL_TIMEOUT_MS });
  } catch (err) {
    if (err.code === 'ETIMEDOUT') {
      throw new Error(`npm install of the tarball took longer than ${INSTALL_TIMEOUT_MS / 60_000} minutes`, {
        cause: err,
      });
    }
    throw err;
  }
  const installed = join(prefix, 'lib', 'node_modules', 'tracktop');
  copyNativeAddon(installed, 'better-sqlite3', join('build', 'Release', 'better_sqlite3.node'));
  step('installed');
  const bin = join(prefix, 'bin', 'tracktop');

  const version = run(bin, ['--version']).trim();
  if (!version.includes(pkg.version)) throw new Error(`tracktop --version printed '${version}', not ${pkg.version}`);
  step(`--version: ${version}`);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const keys = ['--access-key', 'PACKEDCHECKKEY', '--secret-key', 'packed-check-secret-0123456789'];
  let serverOutput = '';
  server = spawn(bin, ['serve', '--port', String(port), '--db', join(work, 'tracktop.db'), ...keys], {
    cwd: work,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d) => (serverOutput += d));
  server.stderr.on('data', (d) => (serverOutput += d));
  await waitForServer(url, () => serverOutput);
  step(`serve answers on ${url}`);

  const basic = Buffer.from(`${keys[1]}:${keys[3]}`).toString('base64');
  const { token } = await call(url, 'auth.login', { authorization: `Basic ${basic}` });
  const bearer = { authorization: `Bearer ${token}` };
  const { id: project } = await call(url, 'projects.create', bearer, { name: 'packed', description: '' });
  await call(url, 'tasks.create', bearer, { name: 'packed-install-check', type: 'training', project });

  const frame = run(bin, ['--api-host', url, ...keys, '--once'], { env: { ...env, COLUMNS: '100', LINES: '24' } });
  if (!frame.includes('packed-install-check'))
    throw new Error(`tracktop --once did not show the task created on its server:\n${frame}`);
  step('--once shows the task created on the server');
} catch (err) {
  const detail = err.stderr ? `\n${err.stderr}` : '';
  process.stderr.write(`packed install check failed: ${err.message}${detail}\n`);
  process.exitCode = 1;
} finally {
  server?.kill('SIGTERM');
  if (server && server.exitCode === null) await new Promise((r) => server.once('exit', r));
  rmSync(work, { recursive: true, force: true });
}
