// Debian's Chromium as every browser run here starts it (Playwright's e2e, the first-load bench,
// Lighthouse): the binary, and the flags that keep it quiet on a machine with no network but
// loopback (no background connections, no component updates, no sync) and running as root.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
