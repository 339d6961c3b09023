import { useEffect, useRef, useState } from 'react';
import { ChatConnection } from '@/lib/chat-connection';

/**
 * The chat room's one connection, open while the screen is mounted: the room's messages, its
 * board and its unread mark each subscribe to it and send through it, in any order (the object
 * exists from the first render, and the server's first event comes after every effect of the
 * mount has run). `name` is the join form's, sent with the handshake.
 */
export function useChatConnection(name: string): ChatConnection {
  const [connection] = useState(() => new ChatConnection());
  // The name the connection opens with; a later one goes with messages and typing events.
  const nameRef = useRef(name);
  useEffect(() => connection.open(nameRef.current), [connection]);
  return connection;
}
