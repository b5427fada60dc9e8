import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // Ink and the embedded server both keep real sockets/timers; forks isolate them cleanly.
    pool: 'forks',
    // Vitest's default is one fork fewer than the CPUs: on CI's two cores that is one file at a
    // time, while most files spend their time waiting on servers, tmux and Python children.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
