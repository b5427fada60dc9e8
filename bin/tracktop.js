#!/usr/bin/env node
// React's development build is several times slower and is never wanted in the CLI.
process.env.NODE_ENV ??= 'production';
import('../dist/cli.js')
  .then((m) => m.main(process.argv.slice(2)))
  .then(
    (code) => {
      if (typeof code === 'number') process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`tracktop: ${err && err.message ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
