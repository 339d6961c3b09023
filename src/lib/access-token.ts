// The spec keeps the product server's access token in localStorage under `accessToken`.
const KEY = 'accessToken';

export const accessToken = {
  get(): string | null {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    localStorage.setItem(KEY, token);
  },
  clear(): void {
    try {
      localStorage.removeItem(KEY);
    } catch {
      // Storage unavailable (private mode): nothing to clear.
    }
  },
};
