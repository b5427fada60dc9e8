import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // Ink and the embedded server both keep real sockets/timers; forks isolate them cleanly.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
