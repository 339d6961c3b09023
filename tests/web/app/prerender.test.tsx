import { describe, expect, it } from 'vitest';
import { prerenderScreen } from '@/prerender';

// What the build puts in the HTML of a prerendered screen (src/prerender.tsx, docs/decisions.md
// D49): the state every visit starts in, shown before the app has taken the page over.

/** The prerendered markup of `path`, as a page (no script runs in it). */
async function prerendered(path: string): Promise<Document> {
  return new DOMParser().parseFromString(await prerenderScreen(path), 'text/html');
}

describe('prerendered screens', () => {
  it.each([
    ['/login', 'Welcome back', 'Login'],
    ['/signup', 'Create your account', 'Sign up'],
  ])(
    '%s: the heading, "Checking your sign-in…", and the form hidden and inert',
    async (path, heading, form) => {
      const page = await prerendered(path);
      expect(page.querySelector('main h1')?.textContent).toBe(heading);
      expect(page.querySelector('[role="status"]')?.textContent).toBe('Checking your sign-in…');
      const hidden = page.querySelector(`form[aria-label="${form}"]`)?.closest('[inert]');
      expect(hidden).not.toBeNull();
      expect(hidden?.getAttribute('style')).toContain('visibility:hidden');
    },
  );

  it('/drawing: the board says the canvas is being made ready and takes no input', async () => {
    const page = await prerendered('/drawing');
    const canvas = page.querySelector('canvas[aria-label="Drawing canvas"]');
    expect(canvas?.closest('[inert]')?.getAttribute('aria-busy')).toBe('true');
    expect(page.body.textContent).toContain('Getting the canvas ready…');
  });
});
