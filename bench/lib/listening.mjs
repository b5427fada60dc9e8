// Where a `tracktop serve` child process listens: it says so on stderr.

/** Resolves the URL the child names on stderr; rejects with what it said if it exits first. */
export function listeningUrl(child, what = 'tracktop serve') {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stderr.on('data', (chunk) => {
      out += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}: ${out}`)));
  });
}
