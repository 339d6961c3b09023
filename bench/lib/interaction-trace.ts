// Where a slow interaction's time goes: a Chromium trace (CDP Tracing) of the page's main thread
// while a visitor acts, cut into the windows the page's own Event Timing entries give (input to
// next paint), each told as time by kind of work (script, style, layout, paint, GC) and the
// script by function (the sampling profiler's stacks). Used by `bench/field-inp.ts --trace`.
import type { CDPSession, Page } from 'playwright-core';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
];

export type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  /** Thread (CPU) time of a complete event, µs. */
  tdur?: number;
  args?: Record<string, unknown>;
};

/** One interaction as the page's Event Timing saw it, in the page's clock (ms). */
export type TimedInteraction = {
  name: string;
  target: string;
  startTime: number;
  duration: number;
  inputDelay: number;
  processing: number;
};

export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
  });
}

/** A mark in the trace at a known page time: the trace's clock against the page's. */
export async function markTraceClock(page: Page): Promise<number> {
  return page.evaluate(() => {
    const at = performance.now();
    console.timeStamp('trace-clock');
    return at;
  });
}

export async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<string>((resolve, reject) =>
    cdp.once('Tracing.tracingComplete', ({ stream }) =>
      stream ? resolve(stream) : reject(new Error('the trace came without a stream')),
    ),
  );
  await cdp.send('Tracing.end');
  const handle = await complete;
  const chunks: string[] = [];
  for (;;) {
    const { data, eof, base64Encoded } = await cdp.send('IO.read', { handle });
    chunks.push(base64Encoded ? Buffer.from(data, 'base64').toString('utf8') : data);
    if (eof) break;
  }
  await cdp.send('IO.close', { handle });
  const parsed = JSON.parse(chunks.join('')) as TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** The kind of work a trace event's own time is (its children's excluded). */
function kindOf(name: string): string {
  if (/GC|Sweep|Marking|Scavenge/i.test(name)) return 'GC';
  if (name === 'UpdateLayoutTree' || name === 'RecalculateStyles' || name.startsWith('Parse'))
    return 'style';
  if (name === 'Layout' || name === 'HitTest') return 'layout';
  if (/Paint|Layerize|Commit|UpdateLayer|Decode|Composite/.test(name)) return 'paint';
  if (
    /FunctionCall|EventDispatch|TimerFire|FireAnimationFrame|FireIdleCallback|v8\.|V8\.|EvaluateScript|RunMicrotasks|RunTask|ThreadControllerImpl/.test(
      name,
    )
  )
    return name.startsWith('Run') || name.startsWith('Thread') ? 'task' : 'script';
  return 'other';
}

type ProfileNode = {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
};

/** One thread's complete events (tasks and what ran in them), in order, a task before its parts. */
export function threadEvents(events: TraceEvent[], pid: number, tid: number): TraceEvent[] {
  return events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.dur)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}

/** The sampling profiler's samples on one thread: each with its time (µs) and node. */
export function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const clocks = new Map<string, number>();
  for (const event of events) {
    if (event.pid !== pid) continue;
    const data = event.args?.data as Record<string, unknown> | undefined;
    if (event.name === 'Profile' && event.tid === tid && event.id) {
      clocks.set(event.id, Number(data?.startTime ?? event.ts));
    }
    if (event.name !== 'ProfileChunk' || !event.id || !clocks.has(event.id)) continue;
    const profile = data?.cpuProfile as { nodes?: ProfileNode[]; samples?: number[] } | undefined;
    for (const node of profile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = (data?.timeDeltas as number[] | undefined) ?? [];
    let clock = clocks.get(event.id) ?? 0;
    (profile?.samples ?? []).forEach((node, index) => {
      clock += deltas[index] ?? 0;
      samples.push({ ts: clock, node });
    });
    clocks.set(event.id, clock);
  }
  samples.sort((a, b) => a.ts - b.ts);
  return { nodes, samples };
}

export const IDLE_FRAMES = new Set(['(root)', '(program)', '(idle)', '(garbage collector)']);

export function frameName(node: ProfileNode): string {
  // A chunk's nodes name their frame once; later chunks may send a node without its URL.
  const { functionName, url = '', lineNumber = 0 } = node.callFrame;
  const file = url.split('/').pop() ?? '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
}

const ms = (us: number) => `${(us / 1000).toFixed(1)}`;

export function top(map: Map<string, number>, count: number): string {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${name} ${ms(us)}`)
    .join(', ');
}

/**
 * The lines telling where each interaction's time went: `clock` is markTraceClock's page time,
 * whose mark is in `events`.
 */
export function describeInteractions(
  events: TraceEvent[],
  clock: number,
  interactions: TimedInteraction[],
): string[] {
  const mark = events.find(
    (event) =>
      event.name === 'TimeStamp' &&
      (event.args?.data as { message?: string } | undefined)?.message === 'trace-clock',
  );
  if (!mark) return ['  (the trace has no clock mark)'];
  const offset = mark.ts - clock * 1000;
  const { pid, tid } = mark;
  const tasks = threadEvents(events, pid, tid);
  const { nodes, samples } = samplesOf(events, pid, tid);

  const lines: string[] = [];
  for (const interaction of interactions) {
    const from = offset + interaction.startTime * 1000;
    const to = from + interaction.duration * 1000;
    // Own time by kind and by name, clipped to the window: a stack of open events.
    const byKind = new Map<string, number>();
    const byName = new Map<string, number>();
    let styleElements = 0;
    let layoutObjects = 0;
    const open: { end: number; event: TraceEvent; childTime: number }[] = [];
    const close = (until: number) => {
      while (open.length > 0 && open[open.length - 1]!.end <= until) {
        const done = open.pop()!;
        const start = Math.max(done.event.ts, from);
        const end = Math.min(done.end, to);
        const own = Math.max(0, end - start - done.childTime);
        if (own > 0) {
          byKind.set(kindOf(done.event.name), (byKind.get(kindOf(done.event.name)) ?? 0) + own);
          byName.set(done.event.name, (byName.get(done.event.name) ?? 0) + own);
        }
        const parent = open[open.length - 1];
        if (parent) parent.childTime += Math.max(0, end - start);
      }
    };
    for (const event of tasks) {
      const end = event.ts + (event.dur ?? 0);
      if (end <= from || event.ts >= to) continue;
      close(event.ts);
      open.push({ end, event, childTime: 0 });
      if (event.name === 'UpdateLayoutTree') {
        styleElements += Number((event.args?.elementCount as number | undefined) ?? 0);
      }
      if (event.name === 'Layout') {
        const begin = event.args?.beginData as { dirtyObjects?: number } | undefined;
        layoutObjects += Number(begin?.dirtyObjects ?? 0);
      }
    }
    close(Number.POSITIVE_INFINITY);

    const selfByFunction = new Map<string, number>();
    const withinByFunction = new Map<string, number>();
    samples.forEach((sample, index) => {
      if (sample.ts < from || sample.ts >= to) return;
      const next = samples[index + 1];
      const weight = next ? Math.min(next.ts - sample.ts, 2_000) : 100;
      let node = nodes.get(sample.node);
      if (!node || IDLE_FRAMES.has(node.callFrame.functionName)) return;
      selfByFunction.set(frameName(node), (selfByFunction.get(frameName(node)) ?? 0) + weight);
      const seen = new Set<string>();
      while (node) {
        const name = frameName(node);
        // Component-like frames (a capital first letter): which parts of the tree rendered.
        if (/^[A-Z]/.test(node.callFrame.functionName) && !seen.has(name)) {
          seen.add(name);
          withinByFunction.set(name, (withinByFunction.get(name) ?? 0) + weight);
        }
        node = node.parent === undefined ? undefined : nodes.get(node.parent);
      }
    });

    lines.push(
      `  ${interaction.name} on ${interaction.target}: ${interaction.duration} ms ` +
        `(waited ${interaction.inputDelay}, handlers ${interaction.processing})`,
      `    by kind (ms): ${top(byKind, 8)}; ${styleElements} elements restyled, ${layoutObjects} objects laid out`,
      `    by event (ms): ${top(byName, 8)}`,
      `    script, own (ms): ${top(selfByFunction, 8)}`,
      `    within (ms): ${top(withinByFunction, 10)}`,
    );
  }
  return lines;
}
