// Debian's Chromium, with the flags these machines need (no sandbox as root, no background
// networking: the closed network refuses Google's update and sync hosts).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
