import { CHAT_LIMITS } from '@contract/chat-rules';

// The name chosen on the join form, kept for this tab so a reload of /chat/{room} keeps it (the
// room is in the address).
const KEY = 'chatName';

export const chatName = {
  get(): string | null {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(name: string): void {
    try {
      sessionStorage.setItem(KEY, name);
    } catch {
      // Storage unavailable (private mode): the name lasts until a reload.
    }
  },
};

/** What the join form hands the chat room through the router (docs/product.md §2: "passing name and room"). */
export type ChatRoomState = { name: string; room: string };

export function readChatRoomState(state: unknown): ChatRoomState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { name, room } = state as Partial<Record<keyof ChatRoomState, unknown>>;
  return typeof name === 'string' && typeof room === 'string' ? { name, room } : null;
}

/**
 * The name to chat under: the join form's (`state`), else this tab's last one, else the
 * account's display name, else the address's first part. The chat room and "Share to a room"
 * (a drawing is posted under it) both ask this.
 */
export function chosenChatName(
  state: unknown,
  displayName: string | null,
  email: string | null,
): string {
  const candidates = [
    readChatRoomState(state)?.name,
    chatName.get(),
    displayName,
    email?.split('@')[0],
  ];
  for (const candidate of candidates) {
    const name = candidate?.trim().slice(0, CHAT_LIMITS.maxNameLength);
    if (name) return name;
  }
  return 'Guest';
}
