// What a simulated worker's machine reports (the machine_stats of workers.status_report), in the
// agent's units: usage and free disk in percent, memory in MB, disk and network in MB/s. A
// machine running a task is busy (GPUs near full, most CPU cores working, memory taken); an idle
// one hums along near zero, so the cluster view's charts tell the two apart.
import type { MachineStats } from '../wire/cluster.js';
import type { Rng } from './random.js';

export interface MachineProfile {
  cpus: number;
  gpus: number;
  memoryMb: number;
  gpuMemoryMb: number;
  /** Percent of the home disk that is free. */
  diskFreePercent: number;
}

/** `value` with 1 decimal, as the agent rounds its averages. */
const round1 = (value: number): number => Math.round(value * 10) / 10;

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

function perUnit(count: number, rng: Rng, low: number, high: number): number[] {
  return Array.from({ length: count }, () => round1(rng.range(low, high)));
}

/** One report's stats of a machine with this profile, busy (running a task) or idle. */
export function machineStats(profile: MachineProfile, busy: boolean, rng: Rng): MachineStats {
  const gpuUsed = busy
    ? Array.from({ length: profile.gpus }, () => Math.round(profile.gpuMemoryMb * rng.range(0.72, 0.9)))
    : Array.from({ length: profile.gpus }, () => rng.int(0, 6));
  const memoryUsed = Math.round(profile.memoryMb * (busy ? rng.range(0.45, 0.7) : rng.range(0.05, 0.09)));
  return {
    cpu_usage: busy ? perUnit(profile.cpus, rng, 45, 92) : perUnit(profile.cpus, rng, 0, 6),
    cpu_temperature: [round1(busy ? rng.range(62, 78) : rng.range(34, 42))],
    gpu_usage: busy ? perUnit(profile.gpus, rng, 86, 100) : perUnit(profile.gpus, rng, 0, 2),
    gpu_temperature: busy ? perUnit(profile.gpus, rng, 68, 83) : perUnit(profile.gpus, rng, 30, 38),
    gpu_memory_used: gpuUsed,
    gpu_memory_free: gpuUsed.map((used) => profile.gpuMemoryMb - used),
    memory_used: memoryUsed,
    memory_free: profile.memoryMb - memoryUsed,
    disk_free_home: round1(clamp(profile.diskFreePercent + rng.range(-0.2, 0.2), 0, 100)),
    disk_free_temp: round1(clamp(profile.diskFreePercent + 10 + rng.range(-0.5, 0.5), 0, 100)),
    disk_read: round1(busy ? rng.range(40, 180) : rng.range(0, 0.5)),
    disk_write: round1(busy ? rng.range(2, 25) : rng.range(0, 0.3)),
    network_rx: round1(busy ? rng.range(5, 60) : rng.range(0, 0.2)),
    network_tx: round1(busy ? rng.range(1, 12) : rng.range(0, 0.1)),
  };
}
