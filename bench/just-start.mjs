#!/usr/bin/env node
// `node bench/just-start.mjs`: Just start's tap-to-running-timer on a throttled phone, in
// Debian's Chromium against the production build (built first when the sources changed).
//
// The phone: 360 × 800 at 3× with touch, the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate)
// and a slow 4G network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up). Two ways in, 5 runs
// each, every run in a new browser context (cold cache), median and worst:
// - from the dashboard: the dashboard open and settled (hydrated, its Today panel in, the network
//   idle), a tap on "Just start", until the starter timer runs (its element says data-state="running");
// - from the app's shortcut (src/app/manifest.ts): a cold navigation to /start, until the same
//   (the clock runs from the first paint: src/features/today/first-paint-clock.ts); also reported:
//   until the page's code has taken the timer over (data-live: hydrated, its buttons answer).
// Target: under 3 s. Loopback only; the app runs as a child process with its data under
// bench/.out/just-start (removed afterwards). `--trace` prints the requests of the first run of
// each, from the tap on: where the time goes.
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildIfChanged } from '../scripts/build.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { freePort } from '../src/server/db/embedded.ts';
import { firstOk, signedInUser, startLauncher, stopLauncher } from './frontend.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const RUNS = 5;
const TARGET_MS = 3000;
const say = (message) => process.stdout.write(`[just-start] ${message}\n`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function phone(browser, cookie) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  });
  await context.addCookies([cookie]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  return { context, page };
}

const running = (page) => page.waitForSelector('[role=timer][data-state=running]', { timeout: 30_000 });
/** The page's code has taken the timer over (hydrated): its buttons answer. */
const interactive = (page) => page.waitForSelector('[role=timer][data-live]', { timeout: 30_000 });

/**
 * With --trace: where the time goes in a run, every request from the tap on (start and end in ms
 * after the tap, bytes on the wire), printed after the run.
 */
function traceRequests(page, enabled) {
  const rows = [];
  let zero = 0;
  if (enabled) {
    page.on('requestfinished', async (request) => {
      const timing = request.timing();
      const sizes = await request.sizes().catch(() => ({ responseBodySize: 0 }));
      const url = new URL(request.url());
      rows.push({ start: timing.startTime - zero, end: timing.startTime + timing.responseEnd - zero, bytes: sizes.responseBodySize, what: `${request.method()} ${url.pathname}${url.search}`.slice(0, 90) });
    });
  }
  return {
    mark: () => {
      zero = Date.now();
      rows.length = 0;
    },
    print: (label, total) => {
      if (!enabled) return;
      say(`trace, ${label} (${Math.round(total)} ms to a running timer):`);
      for (const row of rows.filter((one) => one.start >= -50).sort((a, b) => a.start - b.start)) {
        say(`  ${String(Math.round(row.start)).padStart(6)} → ${String(Math.round(row.end)).padStart(6)} ms ${String(row.bytes).padStart(8)} B  ${row.what}`);
      }
    },
  };
}

export async function measureJustStart({ appDir = root, trace = false } = {}) {
  if (buildIfChanged(appDir, say) !== 0) throw new Error('the build failed');
  const outDir = path.join(root, 'bench', '.out', 'just-start');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const app = startLauncher({ appDir, dataDir: path.join(outDir, 'data'), port: await freePort(), logFile: path.join(outDir, 'app.log') });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const load = [os.loadavg()[0]];
  try {
    await firstOk(`${app.url}/api/health`, app, performance.now() + 5 * 60_000);
    const { cookie } = await signedInUser(app);
    const fromDashboard = [];
    const fromShortcut = [];
    const shortcutInteractive = [];
    for (let run = 0; run < RUNS; run++) {
      {
        const { context, page } = await phone(browser, cookie);
        await page.goto(`${app.url}/dashboard`, { waitUntil: 'load', timeout: 60_000 });
        await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {});
        // Settled: the island has hydrated and its after-paint parts are in (the Today panel is the last).
        await page.getByRole('region', { name: /^Today: / }).waitFor({ state: 'visible', timeout: 30_000 });
        await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {});
        const link = page.getByRole('link', { name: 'Just start' });
        await link.waitFor({ state: 'visible' });
        const tracer = traceRequests(page, trace && run === 0);
        tracer.mark();
        const started = performance.now();
        await link.tap();
        await running(page);
        fromDashboard.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 300));
        tracer.print('from the dashboard', fromDashboard.at(-1));
        await context.close();
      }
      {
        const { context, page } = await phone(browser, cookie);
        const tracer = traceRequests(page, trace && run === 0);
        tracer.mark();
        const started = performance.now();
        await page.goto(`${app.url}/start`, { waitUntil: 'commit', timeout: 60_000 });
        await running(page);
        fromShortcut.push(performance.now() - started);
        await interactive(page);
        shortcutInteractive.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 300));
        tracer.print('the shortcut (cold)', fromShortcut.at(-1));
        await context.close();
      }
      say(`run ${run + 1}: from the dashboard ${Math.round(fromDashboard.at(-1))} ms, from the shortcut (cold) ${Math.round(fromShortcut.at(-1))} ms (interactive at ${Math.round(shortcutInteractive.at(-1))} ms)`);
    }
    load.push(os.loadavg()[0]);
    const row = (label, values) => `| ${label} | ${Math.round(median(values))} | ${Math.round(Math.max(...values))} | ${Math.max(...values) < TARGET_MS ? 'pass' : '**FAIL**'} |`;
    const markdown = [
      `## Just start: tap to a running timer on a throttled phone`,
      '',
      `${new Date().toISOString()}; Chromium ${browser.version()}; 360 × 800, CPU 4× slower, 150 ms RTT, 1.6 Mbit/s down; ${RUNS} runs, each in a new context (cold cache); load average ${load[0].toFixed(1)} at the start, ${load[1].toFixed(1)} at the end (${os.cpus().length} CPUs). Target: under ${TARGET_MS / 1000} s.`,
      '',
      '| way in | median ms | worst ms | under 3 s |',
      '|---|---:|---:|---|',
      row('tap on "Just start" on the dashboard', fromDashboard),
      row('the app shortcut (cold load of /start)', fromShortcut),
      `| (the same cold load until the page's code has taken the timer over: its buttons answer) | ${Math.round(median(shortcutInteractive))} | ${Math.round(Math.max(...shortcutInteractive))} | (not the target) |`,
    ].join('\n');
    return { markdown, fromDashboard, fromShortcut, shortcutInteractive };
  } finally {
    await browser.close();
    await stopLauncher(app);
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  measureJustStart({ trace: process.argv.includes('--trace') })
    .then(({ markdown }) => process.stdout.write(`\n${markdown}\n`))
    .catch((error) => {
      process.stderr.write(`[just-start] ${error.stack ?? error}\n`);
      process.exit(1);
    });
}
