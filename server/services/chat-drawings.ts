import { USER_MESSAGES } from '../../contract/account-messages';
import type { ChatMessage, ChatRoom } from '../../contract/chat';
import { mutedMessage } from '../../contract/chat-moderation';
import { DomainError } from '../../contract/domain-error';
import type { Db } from '../db/client';
import {
  ChatSenderGoneError,
  ChatSenderMutedError,
  insertChatMessage,
} from '../db/repositories/chat-messages';
import { HttpError } from '../plugins/errors';
import { storeImage } from './image-upload';

/**
 * A drawing shared to a room (POST /chat/rooms/{room}/drawings): its PNG stored and its image
 * message posted in one transaction, so neither exists without the other.
 */
export async function postDrawing(
  db: Db,
  input: {
    room: ChatRoom;
    userId: string;
    name: string;
    png: { bytes: Buffer; width: number; height: number };
  },
): Promise<ChatMessage> {
  const { bytes, width, height } = input.png;
  return db
    .transaction(async (tx) => {
      const imageId = await storeImage(tx, bytes, 'image/png');
      const stored = await insertChatMessage(tx, {
        room: input.room,
        userId: input.userId,
        name: input.name,
        msg: '',
        clientId: undefined,
        image: { id: imageId, width, height },
      });
      return stored.message;
    })
    .catch((error: unknown) => {
      // Nothing was stored: a muted author (issue 17 §2), or an account deleted meanwhile.
      if (error instanceof ChatSenderMutedError) {
        throw new HttpError(403, mutedMessage(error.until.toISOString()));
      }
      if (error instanceof ChatSenderGoneError) {
        throw new DomainError('not-found', USER_MESSAGES.notFound);
      }
      throw error;
    });
}
