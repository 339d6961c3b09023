/**
 * Paces a piece of work under load, as a database's group commit does: a run asked for when the
 * last one is at least `intervalMs` old starts at the end of the current turn of the event loop
 * (a quiet server waits for nothing); one asked for sooner waits until `intervalMs` after the last
 * run started, and everything asked for meanwhile is done by that one run.
 *
 * The chat's send queue (one batch of inserts per run) and its room frames (one write per member
 * per run) use it: under load a run does more work for about the cost of one, so the cost per
 * message falls as the rate rises (bench/chat.ts, docs/decisions.md D48).
 */
export function pacer(intervalMs: number) {
  let lastRunAt = Number.NEGATIVE_INFINITY;
  let pending = false;
  return {
    /** Runs `work` paced as above; does nothing while a run is already waiting. */
    schedule(work: () => void): void {
      if (pending) return;
      pending = true;
      const run = () => {
        pending = false;
        lastRunAt = Date.now();
        work();
      };
      const waitMs = lastRunAt + intervalMs - Date.now();
      if (waitMs > 0) setTimeout(run, waitMs);
      else setImmediate(run);
    },
  };
}
