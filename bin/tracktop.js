#!/usr/bin/env node
import('../dist/cli.js').then((m) => m.main(process.argv.slice(2))).then(
  (code) => {
    if (typeof code === 'number') process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`tracktop: ${err && err.message ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
