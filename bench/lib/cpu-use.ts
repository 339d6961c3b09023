import { readdir, readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { now } from './format';

// CPU use (Linux /proc): how much of the machine a bench's run had. The machine may be shared:
// "others" is the work of processes that are not this bench's.

const CLOCK_TICKS = 100;

type ProcStat = { ppid: number; cpu: number; childCpu: number };

/** Every process's parent and CPU seconds (own, and of its waited-for children). */
async function processTable(): Promise<Map<number, ProcStat>> {
  const table = new Map<number, ProcStat>();
  const names = await readdir('/proc').catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        try {
          const stat = await readFile(`/proc/${name}/stat`, 'utf8');
          const f = stat
            .slice(stat.lastIndexOf(')') + 2)
            .split(' ')
            .map(Number);
          table.set(Number(name), {
            ppid: f[1] ?? 0,
            cpu: ((f[11] ?? 0) + (f[12] ?? 0)) / CLOCK_TICKS,
            childCpu: ((f[13] ?? 0) + (f[14] ?? 0)) / CLOCK_TICKS,
          });
        } catch {
          // Gone meanwhile.
        }
      }),
  );
  return table;
}

/** PostgreSQL's postmaster runs detached (pg_ctl): found by its port. */
export async function findPostmaster(port: number): Promise<number | undefined> {
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue;
    const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    if (args[0]?.endsWith('/postgres') && args.includes(String(port))) return Number(name);
  }
  return undefined;
}

function descendants(table: Map<number, ProcStat>, roots: number[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found = new Set<number>();
  const queue = roots.filter((pid) => table.has(pid));
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    if (found.has(pid)) continue;
    found.add(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

async function machineCpu(): Promise<{ busy: number; total: number }> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((x, y) => x + y, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

/**
 * `machine` and `ours` (this bench's processes: this one, its children, nginx, Redis,
 * PostgreSQL, the emulator, the load generator) in % of all cores; A, B and `bench` (this
 * process, where the chat clients live) in % of one core.
 */
export type CpuUse = { machine: number; ours: number; a: number; b: number; bench: number };

/** Runs `work` and says how busy the machine and each process were meanwhile. */
export async function withCpu<T>(
  backends: readonly { pid: number | undefined }[],
  /** Detached processes of the bench's own (PostgreSQL's postmaster), besides this one's children. */
  detached: readonly number[],
  work: () => Promise<T>,
): Promise<[T, CpuUse]> {
  const [a, b] = backends;
  const roots = [process.pid, ...detached];
  const beforeMachine = await machineCpu();
  const before = await processTable();
  const at = now();
  const result = await work();
  const seconds = (now() - at) / 1000;
  const machine = await machineCpu();
  const after = await processTable();
  const used = (pid: number | undefined) => {
    if (pid === undefined) return NaN;
    const end = after.get(pid)?.cpu;
    return end === undefined ? NaN : end - (before.get(pid)?.cpu ?? 0);
  };
  let ours = (after.get(process.pid)?.childCpu ?? 0) - (before.get(process.pid)?.childCpu ?? 0);
  for (const pid of new Set([...descendants(before, roots), ...descendants(after, roots)])) {
    const delta = used(pid);
    if (Number.isFinite(delta)) ours += delta;
  }
  const cores = cpus().length;
  return [
    result,
    {
      machine: ((machine.busy - beforeMachine.busy) / (machine.total - beforeMachine.total)) * 100,
      ours: (ours / seconds / cores) * 100,
      a: (used(a?.pid) / seconds) * 100,
      b: (used(b?.pid) / seconds) * 100,
      bench: (used(process.pid) / seconds) * 100,
    },
  ];
}
