import type { ChatMessage } from '../../contract/chat';
import type { Db } from '../db/client';
import { pacer } from './pacer';
import {
  ChatSenderGoneError,
  ChatSenderMutedError,
  insertChatMessages,
  type NewChatMessage,
  type SendOutcome,
} from '../db/repositories/chat-messages';

type Waiting = {
  input: NewChatMessage;
  resolve: (sent: { message: ChatMessage; created: boolean }) => void;
  reject: (error: unknown) => void;
};

/** A batch starts at most once in this many milliseconds (server/chat/pacer.ts). */
const SEND_BATCH_INTERVAL_MS = 10;

/**
 * The chat's sends, stored together (group commit): the messages that arrive while a batch is
 * being stored, or before the next may start, go in the next batch, one set of statements for all
 * of them (insertChatMessages) instead of a set each. One batch at a time: batches never wait on
 * each other's row locks. Batches are paced (at most one per SEND_BATCH_INTERVAL_MS), so the
 * busier the chat, the larger the batch and the fewer the statements per message; a lone message
 * in a quiet chat waits for nothing but the end of its turn. Each caller still gets its own answer: its message, or
 * ChatSenderMutedError, or ChatSenderGoneError for an account deleted meanwhile (that one alone:
 * the others of its batch are sent again without it).
 */
export function sendQueue(db: Db) {
  let waiting: Waiting[] = [];
  let storing = false;
  const pace = pacer(SEND_BATCH_INTERVAL_MS);

  const settle = (entry: Waiting, outcome: SendOutcome | undefined) => {
    if (!outcome) entry.reject(new Error('a sent message has no outcome'));
    else if ('mutedUntil' in outcome) entry.reject(new ChatSenderMutedError(outcome.mutedUntil));
    else entry.resolve(outcome);
  };

  const store = async (batch: Waiting[]) => {
    try {
      const outcomes = await insertChatMessages(
        db,
        batch.map((entry) => entry.input),
      );
      batch.forEach((entry, index) => settle(entry, outcomes[index]));
    } catch (error) {
      if (error instanceof ChatSenderGoneError && batch.length > 1) {
        // Whose account is gone is not known: each is sent again on its own.
        for (const entry of batch) await store([entry]);
        return;
      }
      for (const entry of batch) entry.reject(error);
    }
  };

  const schedule = () => {
    if (storing || waiting.length === 0) return;
    pace.schedule(flush);
  };

  const flush = () => {
    const batch = waiting;
    waiting = [];
    storing = true;
    void store(batch).finally(() => {
      storing = false;
      schedule();
    });
  };

  return {
    /** Stores a message with the others of its batch; resolves with it once stored. */
    send(input: NewChatMessage): Promise<{ message: ChatMessage; created: boolean }> {
      return new Promise((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        schedule();
      });
    },
  };
}

export type SendQueue = ReturnType<typeof sendQueue>;
