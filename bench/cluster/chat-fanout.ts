// Cluster scenario 2, chat fan-out: the clients half straight on A, half on B, one room shared
// through Redis, 20 senders (half on each); the harness is bench/lib/chat-fanout.ts.
import { cpus } from 'node:os';
import { percentile } from '../lib/bench-db';
import {
  beginPhase,
  checkDelivery,
  closeClients,
  connectClients,
  deliveryLine,
  settle,
  startSending,
  type Delivery,
  type Tracker,
} from '../lib/chat-fanout';
import { withCpu, type CpuUse } from '../lib/cpu-use';
import { describeCounts, fmt, now, sleep } from '../lib/format';
import {
  fail,
  FANOUT_MS,
  FANOUT_P99_GOAL_MS,
  FANOUT_RATE,
  FANOUT_ROOM,
  SENDERS,
  storedIds,
  type ClusterContext,
} from './context';

export async function measureFanout({
  stack,
  accounts,
  postmasterPid,
}: ClusterContext): Promise<Delivery & { cpu: CpuUse }> {
  const [a, b] = stack.cluster.backends;
  if (!a || !b) throw new Error('two backends expected');
  const detached = postmasterPid === undefined ? [] : [postmasterPid];
  const half = Math.ceil(accounts.length / 2);
  // Deterministic: the first half on A, the rest on B, each straight to its process.
  const connectStarted = now();
  const trackers = await connectClients(
    accounts.map((account) => account.accessToken),
    FANOUT_ROOM,
    (i) => (i < half ? a.url : b.url),
    false,
  );
  for (const tracker of trackers) tracker.process = tracker.index < half ? 'A' : 'B';
  console.log(
    `\n2. chat fan-out: ${trackers.length} clients (${half} on A, ${trackers.length - half} on B, ` +
      `connected straight to each) in room ${FANOUT_ROOM}, in ` +
      `${((now() - connectStarted) / 1000).toFixed(1)} s; the processes share the room through Redis`,
  );
  // Senders alternate A, B, A, …
  const senders = Array.from({ length: Math.min(SENDERS, trackers.length) }, (_, i) =>
    i % 2 === 0 ? trackers[Math.floor(i / 2)] : trackers[half + Math.floor(i / 2)],
  ).filter((t): t is Tracker => t !== undefined);
  try {
    // Not measured: warms the JIT, the insert path and every sender's first presence update.
    const warmPhase = beginPhase('w');
    const warm = startSending(senders, FANOUT_RATE, warmPhase);
    await sleep(2_000);
    await warm.stop();
    await settle(trackers, warmPhase, () => storedIds(stack, 'w'));

    const current = beginPhase('f');
    const sending = startSending(senders, FANOUT_RATE, current);
    const [sent, cpu] = await withCpu(stack.cluster.backends, detached, async () => {
      await sleep(FANOUT_MS);
      return sending.stop();
    });
    const delivery = await settle(trackers, current, () => storedIds(stack, 'f'));
    console.log(
      `${FANOUT_RATE} msg/s for ${FANOUT_MS / 1000} s from ${senders.length} senders (half on each ` +
        `process): sent ${sent}, refused ${describeCounts(current.refused)}`,
    );
    const latencyNote =
      delivery.p99 < FANOUT_P99_GOAL_MS ? 'ok' : `over the goal (p99 < ${FANOUT_P99_GOAL_MS} ms)`;
    console.log(`${deliveryLine(delivery)}`);
    for (const [route, list] of current.latencyByRoute) {
      list.sort((x, y) => x - y);
      console.log(
        `  ${route}: ${list.length} receptions, p50 ${fmt(percentile(list, 50))} ms, ` +
          `p99 ${fmt(percentile(list, 99))} ms, max ${fmt(list.at(-1) ?? NaN)} ms`,
      );
    }
    console.log(
      `delivery: ${checkDelivery('fan-out', delivery, fail)}; latency: ${latencyNote} ` +
        `(${trackers.length} × ${FANOUT_RATE} = ${trackers.length * FANOUT_RATE} deliveries/s)`,
    );
    console.log(
      `CPU meanwhile: the machine (${cpus().length} cores) ${fmt(cpu.machine, 0)} % busy, ` +
        `${fmt(cpu.ours, 0)} % of it this bench's processes, ${fmt(cpu.machine - cpu.ours, 0)} % others; ` +
        `of one core: A ${fmt(cpu.a, 0)} %, B ${fmt(cpu.b, 0)} %, ` +
        `the ${trackers.length} clients (this process) ${fmt(cpu.bench, 0)} %`,
    );
    return { ...delivery, cpu };
  } finally {
    closeClients(trackers);
  }
}
