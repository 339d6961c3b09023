// Cluster scenario 4: PostgreSQL stopped for 2 s, then started, under the same traffic.
import {
  beginPhase,
  checkDelivery,
  closeClients,
  connectClients,
  deliveryLine,
  endPhase,
  explainDelivery,
  settle,
  slowestLine,
  startSending,
} from '../lib/chat-fanout';
import { describeCounts, fmt, now, sleep } from '../lib/format';
import { httpRequest } from '../lib/http-request';
import {
  fail,
  FAULT_CHAT_RATE,
  FAULT_ROOM,
  FAULT_WINDOW_MS,
  JOIN_SETTLE_MS,
  POSTGRES_DOWN_MS,
  QUIET_TAIL_MS,
  RECOVERY_GOAL_MS,
  SENDERS,
  STEADY_MS,
  storedIds,
  type ClusterContext,
} from './context';
import { printTraffic, startHttpTraffic, summarizeTraffic } from './fault-traffic';

export async function measurePostgresRestart({
  stack,
  accounts,
  bookIds,
}: ClusterContext): Promise<Record<string, unknown>> {
  const { backends } = stack.cluster;
  const pids = backends.map((backend) => backend.pid);
  console.log(
    `\n4. PostgreSQL stopped (fast) for ${POSTGRES_DOWN_MS / 1000} s, then started, under the same ` +
      `traffic through nginx (chat clients connected afresh, ${FAULT_CHAT_RATE} msg/s)`,
  );
  const current = beginPhase('p');
  const trackers = await connectClients(
    accounts.map((account) => account.accessToken),
    FAULT_ROOM,
    () => stack.cluster.url,
    true,
  );
  await sleep(JOIN_SETTLE_MS);
  const traffic = startHttpTraffic(stack, accounts, bookIds);
  const sending = startSending(trackers.slice(0, SENDERS), FAULT_CHAT_RATE, current);
  try {
    await sleep(STEADY_MS);
    const t0 = now();
    await stack.postgres.stop();
    const stoppedMs = now() - t0;
    await sleep(POSTGRES_DOWN_MS);
    const startAt = now();
    await stack.postgres.start();
    const upMs = now() - t0;
    const startTookMs = now() - startAt;
    await sleep(FAULT_WINDOW_MS);
    await traffic.stop();
    const sent = await sending.stop();
    const delivery = await settle(trackers, current, () => storedIds(stack, 'p'));
    const http = summarizeTraffic(traffic.records, t0);

    console.log(
      `PostgreSQL: stop took ${fmt(stoppedMs, 0)} ms, start ${fmt(startTookMs, 0)} ms; ` +
        `accepting connections again ${fmt(upMs, 0)} ms after the stop began`,
    );
    console.log('HTTP');
    printTraffic(http);
    const unexpected = [...http.byOutcome.keys()].filter((key) => !key.endsWith('HTTP 503'));
    const tailErrors = traffic.records.filter(
      (r) => r.outcome !== 'ok' && r.end > t0 + upMs + FAULT_WINDOW_MS - QUIET_TAIL_MS,
    ).length;
    const afterUpMs = http.errors > 0 ? http.lastErrorMs - upMs : 0;
    const recoveryNote =
      tailErrors > 0
        ? fail(`PostgreSQL restart: errors still in the last ${QUIET_TAIL_MS / 1000} s`)
        : afterUpMs <= RECOVERY_GOAL_MS
          ? `ok (goal ≤ ${RECOVERY_GOAL_MS / 1000} s)`
          : `over the goal (≤ ${RECOVERY_GOAL_MS / 1000} s)`;
    console.log(
      `  errors from ${fmt(http.firstErrorMs, 0)} to ${fmt(http.lastErrorMs, 0)} ms after the stop ` +
        `began; last error ${afterUpMs <= 0 ? 'before' : `${fmt(afterUpMs, 0)} ms after`} ` +
        `PostgreSQL was back  ${recoveryNote}`,
    );
    console.log(
      `  only 503 errors: ${unexpected.length === 0 ? 'ok' : `no: ${unexpected.join(', ')} (goal: 503 with the JSON message)`}`,
    );
    console.log(
      `chat: sends ${sent}, refused/unanswered attempts ${describeCounts(current.refused)}, ` +
        `never stored ${current.notStored}; connect errors ${describeCounts(current.connectErrors)}; ` +
        `clients dropped ${trackers.filter((t) => t.droppedAt !== undefined).length}`,
    );
    console.log(`  ${deliveryLine(delivery)}`);
    console.log(`  slowest messages: ${slowestLine(current, t0, 'the stop began')}`);
    console.log(`  delivery: ${checkDelivery('PostgreSQL restart chat', delivery, fail)}`);
    explainDelivery(delivery, current, t0, 'the stop began');

    const samePids = backends.every(
      (backend, i) => backend.pid !== undefined && backend.pid === pids[i],
    );
    const health = await Promise.all(
      backends.map((backend) =>
        httpRequest(`${backend.url}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    console.log(
      `processes: ${backends.map((backend, i) => `${backend.name} pid ${pids[i]} → ${backend.pid ?? 'gone'}, health ${health[i]}`).join('; ')}  ` +
        `${samePids && health.every((s) => s === 200) ? 'ok (same processes, healthy)' : fail('PostgreSQL restart: a process crashed or is unhealthy')}`,
    );
    return {
      postgres: { stoppedMs, startTookMs, upMs },
      http: {
        ...http,
        byOutcome: Object.fromEntries(http.byOutcome),
        bodies: Object.fromEntries(http.bodies),
      },
      afterUpMs,
      chat: {
        delivery,
        refused: Object.fromEntries(current.refused),
        notStored: current.notStored,
      },
      samePids,
    };
  } finally {
    endPhase();
    closeClients(trackers);
  }
}
