// The spec keeps the product server's access token in localStorage under `accessToken`.
export const ACCESS_TOKEN_KEY = 'accessToken';

export const accessToken = {
  get(): string | null {
    try {
      return localStorage.getItem(ACCESS_TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    localStorage.setItem(ACCESS_TOKEN_KEY, token);
  },
  clear(): void {
    try {
      localStorage.removeItem(ACCESS_TOKEN_KEY);
    } catch {
      // Storage unavailable (private mode): nothing to clear.
    }
  },
};
