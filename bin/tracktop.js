#!/bin/sh
// 2>/dev/null; MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD_:-4194304} exec node --max-semi-space-size=2 "$0" "$@"
//
// The two lines above are read by sh and skipped by Node: sh runs Node on this file with
// settings only a command line or the environment can give (NODE_OPTIONS is left to the user).
// `node bin/tracktop.js` runs the same program without them.
// - V8 grows the young generation up to two 16 MB semi-spaces as a long session allocates, and
//   keeps them; capped at 2 MB, a 10 M-line log search peaked at 141 MB and left 114 MB (152
//   and 125 uncapped, bench/log-search.mjs).
// - glibc's malloc raises its mmap threshold to the size of each large block freed, so that
//   later blocks of that size come from arenas it keeps: over a soak (bench/soak.mjs) one
//   thread's arena came to hold 10 MB, and the monitor's memory outside V8's heap rose by 3 MB
//   from minute 2 to 10. A fixed threshold stops that (glibc then also gives back free memory at
//   the top of its heaps): that memory stayed within 0.5 MB, and RSS was 15 MB lower all along.
//   4 MB keeps a log page's buffers in the heap; the default 128 KB made search 17 % slower.
//   A user's own setting wins; other C libraries ignore the variable.

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
