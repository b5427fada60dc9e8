// A simulated machine's reports: the agent's units add up, and a machine running a task reads
// busy while an idle one reads idle, whatever the random draw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { machineStats, type MachineProfile } from '../../src/demo/machine-stats.js';
import { createRng } from '../../src/demo/random.js';

const profile = fc.record({
  cpus: fc.integer({ min: 1, max: 64 }),
  gpus: fc.integer({ min: 0, max: 8 }),
  memoryMb: fc.integer({ min: 4096, max: 1 << 20 }),
  gpuMemoryMb: fc.integer({ min: 8192, max: 81_920 }),
  diskFreePercent: fc.integer({ min: 0, max: 100 }),
}) satisfies fc.Arbitrary<MachineProfile>;

const mean = (values: readonly number[] = []): number =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

describe('machineStats', () => {
  it('adds up: one value per core and GPU, used and free make the whole', () => {
    fc.assert(
      fc.property(profile, fc.boolean(), fc.integer(), (machine, busy, seed) => {
        const stats = machineStats(machine, busy, createRng(seed));
        expect(stats.cpu_usage).toHaveLength(machine.cpus);
        expect(stats.gpu_usage).toHaveLength(machine.gpus);
        expect(stats.gpu_temperature).toHaveLength(machine.gpus);
        stats.gpu_memory_used?.forEach((used, i) =>
          expect(used + (stats.gpu_memory_free?.[i] ?? NaN)).toBe(machine.gpuMemoryMb),
        );
        expect((stats.memory_used ?? NaN) + (stats.memory_free ?? NaN)).toBe(machine.memoryMb);
        for (const value of [...(stats.cpu_usage ?? []), ...(stats.gpu_usage ?? []), stats.disk_free_home ?? 0]) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it('reads busy while running a task and idle otherwise', () => {
    fc.assert(
      fc.property(profile, fc.integer(), (machine, seed) => {
        const busy = machineStats(machine, true, createRng(seed));
        const idle = machineStats(machine, false, createRng(seed));
        expect(mean(busy.cpu_usage)).toBeGreaterThan(40);
        expect(mean(idle.cpu_usage)).toBeLessThan(10);
        for (const usage of busy.gpu_usage ?? []) expect(usage).toBeGreaterThan(80);
        for (const usage of idle.gpu_usage ?? []) expect(usage).toBeLessThan(5);
        expect(busy.memory_used ?? 0).toBeGreaterThan(idle.memory_used ?? 0);
        expect(busy.disk_read ?? 0).toBeGreaterThan(idle.disk_read ?? 0);
      }),
    );
  });
});
