// The machine the bench runs on, and pinning processes to cores so that server and load generator do not compete.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export const cpuCount = os.availableParallelism?.() ?? os.cpus().length;

export const hasTaskset = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

/** The cores for the server under test and for the bench itself (load generator, in-process baseline). */
export const cores = cpuCount >= 2 ? { server: '0', bench: '1' } : { server: undefined, bench: undefined };

/** Pins this process (every thread) to a core; false where taskset is missing. */
export function pinSelf(core) {
  if (!hasTaskset || core === undefined) return false;
  return spawnSync('taskset', ['-a', '-cp', core, String(process.pid)], { stdio: 'ignore' }).status === 0;
}

/** Every core of the machine, as taskset writes a list. */
export const allCores = `0-${cpuCount - 1}`;

/**
 * Runs `work` with this process on every core, then pins it back to `core`: what it spawns meanwhile (a
 * browser, Lighthouse) inherits every core instead of sharing the load generator's one.
 */
export async function onEveryCore(core, work) {
  const widened = pinSelf(allCores);
  try {
    return await work();
  } finally {
    if (widened) pinSelf(core);
  }
}

/** The command that runs `args` pinned to `core` (or unpinned where that is not possible). */
export function pinnedCommand(core, args) {
  return hasTaskset && core !== undefined ? ['taskset', ['-c', core, ...args]] : [args[0], args.slice(1)];
}

export function describeMachine() {
  return {
    cpus: cpuCount,
    model: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    pinned: hasTaskset && cores.server !== undefined,
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
  };
}

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** CPU time (user + system, every thread) a process has used so far, in ms; undefined without /proc. */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return undefined;
  }
}

/** Memory figures of a process's /proc status (kB there, e.g. VmRSS, RssAnon), in MB by name; NaN without /proc. */
export function memoryMb(pid, names) {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // no /proc: every figure NaN
  }
  return Object.fromEntries(
    names.map((name) => [name, Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024]),
  );
}

/** Resident memory of a process, in MB (VmRSS); NaN without /proc. */
export const rssMb = (pid) => memoryMb(pid, ['VmRSS']).VmRSS;

/** MB the machine has written to its disks so far (`pgpgout` of /proc/vmstat, in KiB); NaN without /proc. */
export function diskWrittenMb() {
  try {
    return Number(/^pgpgout (\d+)$/m.exec(readFileSync('/proc/vmstat', 'utf8'))?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}
