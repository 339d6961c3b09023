import { describe, expect, it } from 'vitest';
import { isAllowedChatOrigin } from '../../server/chat/origin';
import { loadConfig } from '../../server/config';

describe('chat configuration', () => {
  it('has no Redis and no extra origins by default', () => {
    const config = loadConfig({});
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.CHAT_ALLOWED_ORIGINS).toEqual([]);
  });

  it('reads REDIS_URL and CHAT_ALLOWED_ORIGINS', () => {
    const config = loadConfig({
      REDIS_URL: ' redis://127.0.0.1:6379/2 ',
      CHAT_ALLOWED_ORIGINS: 'https://shop.example.com/, http://127.0.0.1:5173 ,,',
    });
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379/2');
    expect(config.CHAT_ALLOWED_ORIGINS).toEqual([
      'https://shop.example.com',
      'http://127.0.0.1:5173',
    ]);
    expect(loadConfig({ REDIS_URL: 'rediss://user:pw@cache.example.com:6380' }).REDIS_URL).toBe(
      'rediss://user:pw@cache.example.com:6380',
    );
    expect(loadConfig({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
  });

  it('refuses what is not a Redis URL or an origin, naming the variable', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /REDIS_URL: Expected a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ CHAT_ALLOWED_ORIGINS: 'https://shop.example.com/chat' })).toThrow(
      /CHAT_ALLOWED_ORIGINS: Expected origins without a path/,
    );
    expect(() => loadConfig({ CHAT_ALLOWED_ORIGINS: 'shop.example.com' })).toThrow(
      /CHAT_ALLOWED_ORIGINS/,
    );
  });
});

describe('isAllowedChatOrigin', () => {
  const request = (headers: Record<string, string>) => ({ headers });

  it('allows requests without an Origin, and pages of the Host they were sent to', () => {
    expect(isAllowedChatOrigin(request({ host: 'shop.example.com' }), [])).toBe(true);
    expect(
      isAllowedChatOrigin(
        request({ origin: 'https://shop.example.com', host: 'SHOP.example.com:443' }),
        [],
      ),
    ).toBe(true);
    expect(
      isAllowedChatOrigin(request({ origin: 'http://127.0.0.1:5173', host: '127.0.0.1:5173' }), []),
    ).toBe(true);
  });

  it('refuses other sites, other ports, and opaque origins, unless listed', () => {
    const host = { host: 'shop.example.com' };
    const refused = ['https://evil.example', 'https://shop.example.com:8443', 'null', 'file://'];
    for (const origin of refused) {
      expect(isAllowedChatOrigin(request({ ...host, origin }), []), origin).toBe(false);
    }
    expect(isAllowedChatOrigin(request({ origin: 'https://shop.example.com' }), [])).toBe(false);
    expect(
      isAllowedChatOrigin(request({ host: '10.0.0.5:3000', origin: 'https://shop.example.com' }), [
        'https://shop.example.com',
      ]),
    ).toBe(true);
  });
});
