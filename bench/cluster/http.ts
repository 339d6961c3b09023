// Cluster scenario 1, HTTP throughput: GET /api/books?page=1 through autocannon (its own process)
// against A alone, nginx → A + B, and nginx → A with B stopped.
import { cpus } from 'node:os';
import { runLoad, type LoadSummary } from '../lib/autocannon-load';
import { withCpu, type CpuUse } from '../lib/cpu-use';
import { fmt, pad } from '../lib/format';
import {
  BOOKS_PATH,
  fail,
  LOAD_CONNECTIONS,
  LOAD_MS,
  LOAD_WARMUP_MS,
  type ClusterContext,
} from './context';

type ThroughputRow = { name: string; load: LoadSummary; cpu: CpuUse };

export async function measureThroughput({
  stack,
  postmasterPid,
}: ClusterContext): Promise<ThroughputRow[]> {
  const { cluster } = stack;
  const detached = postmasterPid === undefined ? [] : [postmasterPid];
  const [a, b] = cluster.backends;
  if (!a || !b) throw new Error('two backends expected');
  const run = async (name: string, port: number): Promise<ThroughputRow> => {
    await runLoad({
      port,
      path: BOOKS_PATH,
      connections: LOAD_CONNECTIONS,
      durationMs: LOAD_WARMUP_MS,
    });
    const [load, cpu] = await withCpu(cluster.backends, detached, () =>
      runLoad({
        port,
        path: BOOKS_PATH,
        connections: LOAD_CONNECTIONS,
        durationMs: LOAD_MS,
      }),
    );
    return { name, load, cpu };
  };

  console.log(
    `\n1. HTTP GET ${BOOKS_PATH} (autocannon): ${LOAD_CONNECTIONS} keep-alive connections, ` +
      `${LOAD_MS / 1000} s each after a ${LOAD_WARMUP_MS / 1000} s warm-up`,
  );
  console.log(
    `   This machine has ${cpus().length} cores, shared by the load generator (its own process), ` +
      'nginx (2 workers) and the server processes: a second process cannot double the rate here. ' +
      '"ours" is this bench\'s processes, "others" whatever else ran on the machine meanwhile.',
  );
  const rows: ThroughputRow[] = [];
  rows.push(await run('A alone (direct, no nginx)', a.port));
  rows.push(await run('nginx → A + B', cluster.port));
  await b.stop('SIGTERM');
  try {
    rows.push(await run('nginx → A (B stopped)', cluster.port));
  } finally {
    await b.start();
  }

  console.log(
    '                                                                       ' +
      '% of the machine   % of a core',
  );
  console.log(
    'target                          req/s   p50 ms   p99 ms   max ms  non-2xx  ' +
      'busy  ours others     A    B',
  );
  for (const { name, load, cpu } of rows) {
    const note =
      load.non2xx + load.errors > 0
        ? fail(`${name}: ${load.non2xx} answers not 2xx, ${load.errors} connection errors`)
        : '';
    console.log(
      `${name.padEnd(28)} ${pad(Math.round(load.perSecond), 7)} ${pad(fmt(load.p50, 2), 8)} ` +
        `${pad(fmt(load.p99, 2), 8)} ${pad(fmt(load.max, 1), 8)} ${pad(load.non2xx, 8)}  ` +
        `${pad(fmt(cpu.machine, 0), 4)} ${pad(fmt(cpu.ours, 0), 5)} ${pad(fmt(cpu.machine - cpu.ours, 0), 6)} ` +
        `${pad(fmt(cpu.a, 0), 5)} ${pad(fmt(cpu.b, 0), 4)}  ${note}`,
    );
  }
  const [alone, both] = rows;
  if (alone && both) {
    console.log(
      `two processes behind nginx / one process alone: ` +
        `${((both.load.perSecond / alone.load.perSecond) * 100).toFixed(0)} % ` +
        '(informational; the machine is the limit, see CPU)',
    );
  }
  return rows;
}
