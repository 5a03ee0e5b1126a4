/**
 * Memory and CPU of a process together with its child processes, from /proc (Linux), for the load
 * benchmark: the server runs the background-removal model in a worker process of its own, so the
 * server's memory is its process tree's. Also the niceness of the load generator's threads.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The process and its descendants, the process first; those that exit meanwhile are left out. */
function processTree(pid: number): number[] {
  const tree = [pid];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  for (const task of tasks) {
    let children: string;
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue; // the thread ended
    }
    for (const child of children.split(' ').filter(Boolean)) tree.push(...processTree(Number(child)));
  }
  return tree;
}

function residentMiBOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export interface Resident {
  /** Resident set size of the process and its descendants, MiB (shared pages count in each). */
  totalMiB: number;
  /** Of the process itself. */
  ownMiB: number;
  /** Processes in the tree. */
  processes: number;
}

export function residentOf(pid: number): Resident {
  const tree = processTree(pid);
  const sizes = tree.map(residentMiBOf);
  return { totalMiB: sizes.reduce((a, b) => a + b, 0), ownMiB: sizes[0] ?? 0, processes: tree.length };
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** Fields of a stat file (/proc/<pid>/stat or /proc/<pid>/task/<tid>/stat) after the command name; index 0 is field 3 of stat(5). */
function statFields(file: string): string[] | undefined {
  try {
    const stat = readFileSync(file, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * CPU time, in seconds, used so far by the process and its descendants: user and system time of
 * each live one, plus what children that have exited used (cutime, cstime of the process).
 */
export function cpuSecondsOf(pid: number): number {
  let ticks = 0;
  for (const [i, member] of processTree(pid).entries()) {
    const fields = statFields(`/proc/${member}/stat`);
    if (!fields) continue;
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    if (i === 0) ticks += Number(fields[13]) + Number(fields[14]); // cutime, cstime: children already reaped
  }
  return ticks / CLOCK_TICKS;
}

/** CPU time, in seconds, used so far by the main thread of a process (the event loop of a Node process). */
export function mainThreadCpuSecondsOf(pid: number): number {
  const fields = statFields(`/proc/${pid}/task/${pid}/stat`);
  return fields ? (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS : 0; // utime, stime
}

/**
 * Sets the niceness of every thread of a process: Linux keeps it per thread, and a thread inherits
 * it only from the thread that starts it. Returns the niceness of each thread afterwards.
 */
export function reniceThreads(pid: number, nice: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    setPriority(Number(tid), nice);
    return Number(statFields(`/proc/${pid}/task/${tid}/stat`)?.[16]); // field 19 of stat(5): nice
  });
}
