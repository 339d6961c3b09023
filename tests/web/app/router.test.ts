import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { paths, routePatterns } from '@/config/paths';

/** The full pattern of the deepest route that answers `path` (nested paths joined). */
function matchedPattern(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  return matches
    .map((match) => match.route.path)
    .filter((part) => part !== undefined)
    .join('/')
    .replace(/\/+/g, '/');
}

const plainPaths = Object.entries(paths).flatMap(([name, path]) =>
  typeof path === 'string' ? [[name, path] as const] : [],
);

describe('route table', () => {
  it.each(plainPaths)('paths.%s (%s) has its own screen, not the 404', (_name, path) => {
    expect(matchedPattern(path)).toBe(path);
  });

  it('paths.chatRoom(roomId) lands on the chat room pattern with the room id', () => {
    const path = paths.chatRoom('web dev/1');
    const matches = matchRoutes(routes, path) ?? [];
    expect(matchedPattern(path)).toBe(routePatterns.chatRoom);
    expect(matches.at(-1)?.params).toEqual({ roomId: 'web dev/1' });
  });

  it('an unknown path falls through to the 404 screen', () => {
    expect(matchedPattern('/nope')).toBe('*');
  });
});
