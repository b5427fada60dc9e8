#!/bin/sh
// 2>/dev/null; exec node --max-semi-space-size=2 "$0" "$@"
//
// The two lines above are read by sh and skipped by Node: sh runs Node on this file with a V8
// setting only a command line can give (NODE_OPTIONS is left to the user). V8 grows the young
// generation up to two 16 MB semi-spaces as a long session allocates, and keeps them; capped
// at 2 MB, a 10 M-line log search peaked at 141 MB and left 114 MB (152 and 125 uncapped,
// bench/log-search.mjs). `node bin/tracktop.js` runs the same program without the cap.

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
