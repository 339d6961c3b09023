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
