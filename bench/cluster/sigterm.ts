// Cluster scenario 3: SIGTERM to A while HTTP traffic and the chat go on through nginx.
import { percentile } from '../lib/bench-db';
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
import { countInto, describeCounts, fmt, now, sleep } from '../lib/format';
import {
  EXIT_GOAL_MS,
  fail,
  FAULT_CHAT_RATE,
  FAULT_ROOM,
  FAULT_WINDOW_MS,
  JOIN_SETTLE_MS,
  QUIET_TAIL_MS,
  RECOVERY_GOAL_MS,
  SENDERS,
  STEADY_MS,
  storedIds,
  type ClusterContext,
} from './context';
import { printTraffic, startHttpTraffic, summarizeTraffic, trafficLine } from './fault-traffic';

export async function measureSigterm({
  stack,
  accounts,
  bookIds,
}: ClusterContext): Promise<Record<string, unknown>> {
  const [a, b] = stack.cluster.backends;
  if (!a || !b) throw new Error('two backends expected');
  const pidB = b.pid;
  console.log(
    `\n3. SIGTERM to A under traffic through nginx: ${trafficLine(accounts.length)}; ` +
      `${accounts.length} chat clients from distinct 127.x addresses ` +
      `(room ${FAULT_ROOM}, ${FAULT_CHAT_RATE} msg/s from ${SENDERS} senders)`,
  );
  const current = beginPhase('t');
  const trackers = await connectClients(
    accounts.map((account) => account.accessToken),
    FAULT_ROOM,
    () => stack.cluster.url,
    true,
  );
  await sleep(JOIN_SETTLE_MS);
  const senders = trackers.slice(0, SENDERS);
  const traffic = startHttpTraffic(stack, accounts, bookIds);
  const sending = startSending(senders, FAULT_CHAT_RATE, current);
  try {
    await sleep(STEADY_MS);
    const before = summarizeTraffic(traffic.records, 0);
    const t0 = now();
    const exited = a.stop('SIGTERM').then((how) => ({ ...how, ms: now() - t0 }));
    await sleep(FAULT_WINDOW_MS);
    const exit = await Promise.race([exited, sleep(10_000).then(() => undefined)]);
    await traffic.stop();
    const sent = await sending.stop();
    const delivery = await settle(trackers, current, () => storedIds(stack, 't'));
    const http = summarizeTraffic(traffic.records, t0);

    // HTTP
    console.log(`HTTP (before SIGTERM: ${before.requests} requests, ${before.errors} errors)`);
    printTraffic(http);
    const tailErrors = traffic.records.filter(
      (r) => r.outcome !== 'ok' && r.end > t0 + FAULT_WINDOW_MS - QUIET_TAIL_MS,
    ).length;
    const recoveryMs = http.errors > 0 ? http.lastErrorMs : 0;
    const recoveryNote =
      tailErrors > 0
        ? fail(`SIGTERM: errors still in the last ${QUIET_TAIL_MS / 1000} s`)
        : http.errors === 0
          ? 'ok (goal: 0 errors)'
          : recoveryMs <= RECOVERY_GOAL_MS
            ? 'over the goal of 0 errors; recovery within the goal'
            : `over the goal (recovery ≤ ${RECOVERY_GOAL_MS / 1000} s)`;
    console.log(
      `  SIGTERM → last error: ${
        http.errors > 0
          ? `${fmt(http.lastErrorMs, 0)} ms (first at ` + `${fmt(http.firstErrorMs, 0)} ms)`
          : 'no error at all'
      }  ${recoveryNote}`,
    );
    const exitNote =
      exit === undefined
        ? fail('SIGTERM: A never exited')
        : exit.ms <= EXIT_GOAL_MS && exit.code === 0
          ? 'ok (goal ≤ 10 s, code 0)'
          : `over the goal (≤ ${EXIT_GOAL_MS / 1000} s, code 0)`;
    console.log(
      `  SIGTERM → A exited: ${exit ? `${fmt(exit.ms, 0)} ms (code ${exit.code}, signal ${exit.signal})` : 'not yet'}  ${exitNote}`,
    );

    // Chat
    const dropped = trackers.filter((t) => t.droppedAt !== undefined && t.droppedAt >= t0);
    const back = dropped.filter((t) => t.backAt !== undefined);
    const backMs = back.map((t) => (t.backAt as number) - t0).sort((x, y) => x - y);
    const droppedMs = dropped.map((t) => (t.droppedAt as number) - t0).sort((x, y) => x - y);
    const recovered = back.filter((t) => t.recovered === true).length;
    const reasons = new Map<string, number>();
    for (const t of dropped) countInto(reasons, t.dropReason ?? '?');
    const rejoinErrors = new Map<string, number>();
    for (const t of dropped) if (t.rejoinError) countInto(rejoinErrors, t.rejoinError);
    const sendersOnA = senders.filter((t) => dropped.includes(t)).length;
    console.log(
      `chat: ${dropped.length} of ${trackers.length} clients were on A (dropped at SIGTERM; the ` +
        `others on B: nginx's hash spread the source addresses), ${sendersOnA} of ${senders.length} senders`,
    );
    console.log(
      `  dropped ${fmt(droppedMs[0] ?? NaN, 0)}–${fmt(droppedMs.at(-1) ?? NaN, 0)} ms after SIGTERM ` +
        `(${describeCounts(reasons)}); back: ${back.length} (${recovered} recovered by socket.io ` +
        `from Redis, ${back.length - recovered} joined again + syncHistory, ` +
        `${back.reduce((n, t) => n + t.syncPages, 0)} sync pages)`,
    );
    const allBackMs = backMs.at(-1) ?? NaN;
    const backNote =
      back.length < dropped.length
        ? fail(`SIGTERM: ${dropped.length - back.length} chat clients never back`)
        : dropped.length === 0
          ? fail('SIGTERM: no chat client was on A (the spread over processes did not work)')
          : allBackMs <= RECOVERY_GOAL_MS
            ? 'ok (goal ≤ 10 s)'
            : `over the goal (≤ ${RECOVERY_GOAL_MS / 1000} s)`;
    console.log(
      `  SIGTERM → every client of A back: ${fmt(allBackMs, 0)} ms (p50 ${fmt(percentile(backMs, 50), 0)} ms)  ${backNote}`,
    );
    if (rejoinErrors.size > 0) console.log(`  rejoin errors: ${describeCounts(rejoinErrors)}`);
    console.log(
      `  connect errors while reconnecting: ${describeCounts(current.connectErrors)}; sends: ${sent}, ` +
        `skipped while reconnecting ${current.skipped}, refused/unanswered attempts ` +
        `${describeCounts(current.refused)}, never stored ${current.notStored}`,
    );
    console.log(`  ${deliveryLine(delivery)}`);
    console.log(`  slowest messages: ${slowestLine(current, t0, 'SIGTERM')}`);
    console.log(`  delivery: ${checkDelivery('SIGTERM chat', delivery, fail)}`);
    explainDelivery(delivery, current, t0, 'SIGTERM');
    if (b.pid !== pidB) console.log(`  ${fail('SIGTERM: B is not the same process any more')}`);

    return {
      http: {
        ...http,
        byOutcome: Object.fromEntries(http.byOutcome),
        bodies: Object.fromEntries(http.bodies),
      },
      exit,
      chat: {
        clients: trackers.length,
        onA: dropped.length,
        back: back.length,
        recovered,
        allBackMs,
        delivery,
      },
    };
  } finally {
    endPhase();
    closeClients(trackers);
    if (a.pid === undefined) await a.start();
  }
}
