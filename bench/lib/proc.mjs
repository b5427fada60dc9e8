// What the benchmarks read of a process in /proc (Linux): its CPU time, its resident memory,
// and the monitor's pid inside a tmux pane.
import { readFileSync, readdirSync } from 'node:fs';

/**
 * utime + stime of the process in seconds, threads that ended included. Counted in clock ticks
 * (10 ms): right for long windows (a search), too coarse for a few ms a second, and biased for
 * a process that wakes on timers (it tends to be running when the tick lands).
 */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU time of the process's live threads in ms, from the scheduler's own runtime (schedstat,
 * nanoseconds), or null where the kernel does not keep it. For windows in which no thread ends
 * (idle): a thread that ends takes its time with it.
 */
export function threadCpuMs(pid) {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    }
    return ns / 1e6;
  } catch {
    return null;
  }
}

/** CPU time (ms) of `pid` from now to the call of the returned function: schedstat where there, else ticks. */
export function cpuMeter(pid) {
  const precise0 = threadCpuMs(pid);
  const ticks0 = cpuSeconds(pid);
  return () => {
    const precise = precise0 === null ? null : threadCpuMs(pid);
    return precise === null ? (cpuSeconds(pid) - ticks0) * 1000 : precise - precise0;
  };
}

/** Resident memory (VmRSS) in MB. */
/** Peak resident memory of a process (VmHWM), MB. */
export function peakRssMb(pid) {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

export function rssMb(pid) {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/**
 * The monitor in a tmux pane: the shell itself when the command was exec'd (its own children,
 * such as a tmux query, come and go), else the shell's child.
 */
export function monitorPid(shellPid) {
  if (readFileSync(`/proc/${shellPid}/cmdline`, 'utf8').includes('tracktop')) return shellPid;
  for (const tid of readdirSync(`/proc/${shellPid}/task`)) {
    const children = readFileSync(`/proc/${shellPid}/task/${tid}/children`, 'utf8').trim();
    if (children !== '') return Number(children.split(' ')[0]);
  }
  return shellPid;
}
