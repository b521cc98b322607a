import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * CPU seconds used so far by one PostgreSQL cluster: its postmaster and every child process,
 * ended backends included (the postmaster's cutime). Other clusters on the machine are not
 * counted. Linux only; 0 elsewhere.
 */
export function clusterCpuSeconds(postmasterPid: number): number {
  let ticks = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      // fields[1] is the parent pid
      if (Number(pid) !== postmasterPid && Number(fields[1]) !== postmasterPid) continue;
      // utime, stime, cutime, cstime: fields 14-17 of the line (12-15 after "pid (comm) ").
      // cutime/cstime keep the CPU of backends that have ended (the postmaster reaps them).
      ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    } catch {
      // the process ended between readdir and read
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** CPU seconds of this Node process (main thread and workers such as PGlite's). */
export function processCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** The postmaster's pid, first line of `<data>/postmaster.pid`. */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}
