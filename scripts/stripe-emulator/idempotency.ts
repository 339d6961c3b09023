// Stripe's idempotent requests: a POST with an `Idempotency-Key` saves its answer; the same key with
// the same parameters replays it (`Idempotent-Replayed: true`), with other parameters or on another
// endpoint it is an idempotency_error. Keys are per API key, as Stripe scopes them per account.
import { apiErrors } from './api-error';

/** The answer as sent: its status and JSON text (a snapshot, later changes do not show). */
export type SavedAnswer = { status: number; json: string };

type Entry = SavedAnswer & { endpoint: string; fingerprint: string };

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  /** The saved answer to replay, or undefined when the key is new. */
  replay(
    apiKey: string,
    key: string,
    endpoint: string,
    fingerprint: string,
  ): SavedAnswer | undefined {
    const entry = this.entries.get(`${apiKey}\n${key}`);
    if (!entry) return undefined;
    if (entry.endpoint !== endpoint)
      throw apiErrors.idempotencyEndpoint(key, entry.endpoint, endpoint);
    if (entry.fingerprint !== fingerprint) throw apiErrors.idempotencyParams(key);
    return { status: entry.status, json: entry.json };
  }

  save(apiKey: string, key: string, endpoint: string, fingerprint: string, answer: SavedAnswer) {
    this.entries.set(`${apiKey}\n${key}`, { ...answer, endpoint, fingerprint });
  }
}
