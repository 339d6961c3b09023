// Debian's Chromium, with the flags these machines need (no sandbox as root, no background
// networking: the closed network refuses Google's update and sync hosts), for Playwright's launch.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright's own launch disables (playwright-core's `chromiumSwitches`). Chromium
 * reads only the last `--disable-features` of its command line, so the one below repeats them;
 * tests/server/chromium-flags.test.ts fails when an upgrade of Playwright adds one.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium loads the address bar's popup (a WebUI page) in a renderer of its own for
 * every window, that is for every browser context: 94 renderers and about 70 CPU-s over the e2e
 * suite, for a popup nothing opens (docs/decisions.md D102). Either feature alone still loads it.
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];
