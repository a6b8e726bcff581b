/**
 * Debian's Chromium, as every browser run here launches it (e2e tests, browser benchmarks).
 * `npx playwright install` cannot work on these machines; without the background-networking flags
 * Chromium keeps trying hosts the sandbox cannot reach.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
