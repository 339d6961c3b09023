import { readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  PLAYWRIGHT_DISABLED_FEATURES,
} from '../../scripts/lib/chromium';

/** The values of every `--disable-features` on a process's command line, in order. */
function disabledFeatureLists(pid: number): string[][] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    .split('\0')
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
}

/** The browser's own UI pages (WebUI) loaded after one context has opened one page. */
async function browserUiPages(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  await (await context.newPage()).goto('data:text/html,<h1>A page</h1>');
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets', { filter: [{}] });
  await context.close();
  return targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url);
}

describe('the flags every Playwright launch of Chromium takes (scripts/lib/chromium.ts)', () => {
  it("keep Playwright's disabled features and load no address-bar popup per context", async () => {
    const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH });
    try {
      const pid = server.process().pid;
      if (pid === undefined) throw new Error('Chromium did not start');
      // Chromium reads only the last list: ours must hold every feature Playwright's holds.
      const [playwrights] = disabledFeatureLists(pid);
      expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(playwrights ?? []));
      // Without our flags, each context loads the omnibox popup's WebUI (the cost D102 removes).
      const browser = await chromium.connect(server.wsEndpoint());
      expect((await browserUiPages(browser)).join(' ')).toContain('omnibox-popup');
      await browser.close();
    } finally {
      await server.close();
    }

    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      expect(await browserUiPages(browser)).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
