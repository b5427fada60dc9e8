// A storm of wrong secrets on one access key, from two loopback addresses, runs while the
// key's owner logs in for the first time since the server started: the owner gets in, every
// wrong secret is refused (401, then 429), and wrong secrets keep being throttled after.
import { request, type Agent } from 'node:http';
import { describe, expect, it } from 'vitest';
import { withTestServer } from '../../helpers/server.js';
import { basicAuth } from '../../helpers/http.js';

const server = withTestServer();

/** One POST from `localAddress`; its status. */
function post(path: string, auth: string, localAddress: string, agent?: Agent): Promise<number> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, localAddress, agent },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

describe('login during a wrong-secret storm', () => {
  it('lets the owner in from either address while wrong secrets are refused', async () => {
    const wrong = basicAuth(server.accessKey, 'not-the-secret');
    const statuses: number[] = [];
    let stop = false;
    // 16 attackers in a loop, from 127.0.0.1 and 127.0.0.2.
    const attackers = Array.from({ length: 16 }, async (_, i) => {
      while (!stop) statuses.push(await post('/auth.login', wrong, `127.0.0.${1 + (i % 2)}`));
    });
    while (statuses.filter((s) => s === 429).length < 200) await new Promise((r) => setTimeout(r, 5));
    const right = basicAuth(server.accessKey, server.secretKey);
    const owner = [await post('/auth.login', right, '127.0.0.1'), await post('/auth.login', right, '127.0.0.3')];
    stop = true;
    await Promise.all(attackers);
    expect(owner).toEqual([200, 200]);
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
    expect(await post('/auth.login', wrong, '127.0.0.2')).toBe(429);
  });
});
