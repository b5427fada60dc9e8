#!/usr/bin/env node
// React's development build is several times slower and is never wanted in the CLI.
process.env.NODE_ENV ??= 'production';
// The esbuild bundle of src/cli.ts (scripts/build.mjs): one file to load instead of hundreds.
import('../dist/bundle/tracktop.js')
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
