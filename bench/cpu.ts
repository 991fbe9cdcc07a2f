/**
 * Where a timed phase's CPU went, read from Linux's /proc: each process's own CPU time (user +
 * system) and the machine's split (user, system, idle, steal...). Runs of the same code on a shared
 * VM vary by a quarter in throughput; CPU time per operation varies much less, so the bench prints
 * both. On a system without /proc the readings are empty and nothing is printed.
 */
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** A process's CPU time so far in ms (utime + stime), or null when it cannot be read. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The pids of the processes whose command name is one of `names` (e.g. mariadbd, mysqld). */
export function pidsNamed(...names: string[]): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return names.includes(fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim());
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}

const MACHINE_FIELDS = ['user', 'nice', 'system', 'idle', 'iowait', 'irq', 'softirq', 'steal'] as const;
type MachineTicks = Record<(typeof MACHINE_FIELDS)[number], number>;

function machineTicks(): MachineTicks | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return Object.fromEntries(MACHINE_FIELDS.map((name, i) => [name, line[i] ?? 0])) as MachineTicks;
  } catch {
    return null;
  }
}

export interface CpuReading {
  /** CPU ms per operation of each named group of processes. */
  perOperationMs: Record<string, number>;
  /** The machine's time split over the phase, in percent. */
  machine: Record<string, number> | null;
}

/** Starts measuring the given process groups (the load generator is this process). */
export function startCpu(groups: Record<string, number[]>) {
  const before = Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, pids.map(processCpuMs)]));
  const ownBefore = process.cpuUsage();
  const machineBefore = machineTicks();
  return {
    /** The CPU each group used since the start, per operation, and the machine's split. */
    stop(operations: number): CpuReading | null {
      const perOperationMs: Record<string, number> = {};
      for (const [name, pids] of Object.entries(groups)) {
        let used = 0;
        let readable = pids.length > 0;
        pids.forEach((pid, i) => {
          const [start, end] = [before[name][i], processCpuMs(pid)];
          if (start === null || end === null) readable = false;
          else used += end - start;
        });
        if (readable) perOperationMs[name] = round2(used / operations);
      }
      const own = process.cpuUsage(ownBefore);
      perOperationMs['load generator'] = round2((own.user + own.system) / 1000 / operations);
      const machineAfter = machineTicks();
      let machine: Record<string, number> | null = null;
      if (machineBefore && machineAfter) {
        const diff = MACHINE_FIELDS.map((f) => machineAfter[f] - machineBefore[f]);
        const total = diff.reduce((a, b) => a + b, 0) || 1;
        machine = Object.fromEntries(MACHINE_FIELDS.map((f, i) => [f, Math.round((diff[i] / total) * 1000) / 10]));
      }
      return Object.keys(perOperationMs).length > 1 || machine ? { perOperationMs, machine } : null;
    },
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** One line for the bench's log. */
export function describeCpu(reading: CpuReading | null): string | null {
  if (!reading) return null;
  const parts = Object.entries(reading.perOperationMs).map(([name, ms]) => `${name} ${ms.toFixed(2)} ms`);
  const machine = reading.machine ? `; machine ${['user', 'system', 'softirq', 'idle', 'steal'].map((f) => `${f} ${reading.machine![f]} %`).join(', ')}` : '';
  return `CPU per payment: ${parts.join(', ')}${machine}`;
}
