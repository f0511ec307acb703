#!/usr/bin/env node
// Front-end figures (first-load JavaScript, Lighthouse), from the production build (`npm run bench:frontend` prints them;
// bench/run.mjs calls measureFrontend() and writes them into bench/results.md):
//
// a. First-load JavaScript per route, gzip: the files the build manifests say the first visit
//    loads (bench/first-load.ts: rootMainFiles + the layouts on the route's path + the page,
//    without nomodule polyfills), cross-checked in headless Chromium by summing the gzip sizes of
//    the scripts the page actually fetched before its `load` event on a cold cache. The browser's
//    figure is the authority; differences are listed. Floors beside them: the framework alone
//    (Next's runtime, React, the router) and the framework plus the root layout.
// b. Time from starting the launcher (scripts/start.mjs, as `npm start` execs it; already built)
//    to the first 200 on /api/health and on /, with a new data folder (cold: the embedded
//    PostgreSQL cluster is initialised and migrated) and with an existing one (warm), 3 runs each.
// c. /session time to interactive: a signed-in, verified user with a timer session opens
//    /session the way the dashboard does (the session id in session storage, then /session);
//    measured in the page from navigation start to the moment the timer's Pause/Start control is
//    visible, and to the moment a click on it changes its state, plus Navigation Timing and LCP.
//    5 runs, each in a new browser context (cold cache), median. The same for /dashboard (its
//    "Start Session" button opening the dialog).
//
// Loopback only; the app runs as a child process on a free port with its data folders under
// bench/.out/frontend (removed afterwards). About 2-3 minutes when the build is current (it is
// built first when the sources changed, scripts/build.mjs: add a few minutes).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { buildIfChanged } from '../scripts/build.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { chromium } from 'playwright-core';
import { freePort } from '../src/server/db/embedded.ts';
import { compareFileSets, firstLoadFiles, manifestPathOfUrl, median, routeOfPage } from './first-load.ts';
import { simpleParser } from 'mailparser';

// Reference sizes, not bars: the bar for a page is what a person's browser meets, Lighthouse
// (bench/lighthouse.mjs: performance >= 0.95, accessibility and best practices 1.0). These are
// the sizes the two islands had when they met it (docs/architecture.md "The islands"); a route
// over its reference is worth a look at its Lighthouse figures, nothing more.
export const REFERENCE_KB = { '/dashboard': 150, '/session': 150 };
const START_RUNS = 3;
const TTI_RUNS = 5;
const CHROMIUM = CHROMIUM_PATH;
const KB = 1024;

const gzipKb = (buffer) => gzipSync(buffer, { level: 9 }).length / KB;
const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ------------------------------------------------------------------ a. the manifests

function loadClientManifest(distDir, pageKey) {
  const file = path.join(distDir, 'server', 'app', `${pageKey.replace(/^\//, '')}_client-reference-manifest.js`);
  const context = vm.createContext({});
  vm.runInContext(readFileSync(file, 'utf8'), context);
  const manifest = context.__RSC_MANIFEST?.[pageKey];
  if (!manifest) throw new Error(`${file} does not describe ${pageKey}`);
  return manifest;
}

/** Every page of the build with its first-load files and their gzip sizes. */
export function manifestFirstLoad(distDir) {
  const buildManifest = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  const pages = Object.keys(JSON.parse(readFileSync(path.join(distDir, 'app-path-routes-manifest.json'), 'utf8'))).filter(
    (key) => key.endsWith('/page') && !key.startsWith('/_'),
  );
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipKb(readFileSync(path.join(distDir, file))));
    return sizes.get(file);
  };
  const routes = pages.map((pageKey) => {
    const files = firstLoadFiles(buildManifest, loadClientManifest(distDir, pageKey), pageKey);
    return { pageKey, route: routeOfPage(pageKey), router: 'app', files, kb: files.reduce((sum, file) => sum + sizeOf(file), 0) };
  });
  const frameworkFiles = (buildManifest.rootMainFiles ?? []).filter((file) => !(buildManifest.polyfillFiles ?? []).includes(file));
  // What every page loads: the framework, the root layout and the root not-found boundary.
  const rootEntries = loadClientManifest(distDir, pages[0]).entryJSFiles ?? {};
  const rootFiles = ['[project]/src/app/layout', '[project]/src/app/not-found'].flatMap((key) => rootEntries[key] ?? []);
  const withRootLayout = [...new Set([...frameworkFiles, ...rootFiles.filter((file) => file.endsWith('.js'))])];
  return {
    routes: routes.sort((a, b) => a.route.localeCompare(b.route)),
    framework: { files: frameworkFiles, kb: frameworkFiles.reduce((sum, file) => sum + sizeOf(file), 0) },
    rootLayout: { files: withRootLayout, kb: withRootLayout.reduce((sum, file) => sum + sizeOf(file), 0) },
    sizeOf,
  };
}

// ------------------------------------------------------------------ b. the launcher

export function startLauncher({ appDir, dataDir, port, logFile }) {
  const env = { ...process.env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, ONETHING_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ONETHING_JOBS: 'off' };
  // The default start: the launcher's own embedded PostgreSQL in the data folder.
  for (const name of ['DATABASE_URL', 'AUTH_SECRET', 'NODE_ENV', 'SMTP_URL']) delete env[name];
  const startedAt = performance.now();
  const child = spawn(process.execPath, [path.join(appDir, 'scripts', 'start.mjs')], { cwd: appDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile);
  let output = '';
  const keep = (chunk) => {
    output += chunk;
    log.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, startedAt, url: `http://127.0.0.1:${port}`, dataDir, output: () => output };
}

export async function firstOk(url, app, deadline) {
  while (performance.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(`the launcher exited with ${app.child.exitCode}:\n${app.output().slice(-2000)}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - app.startedAt;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`${url} gave no 200 in time`);
}

export async function stopLauncher(app) {
  const { child } = app;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** One start: milliseconds to the first 200 on /api/health and on /. Leaves the app running. */
async function timedStart({ appDir, distDir, dataDir, logFile, timeoutMs }) {
  // A start that builds first is told apart by a new BUILD_ID (and by the launcher's words).
  const buildId = () => {
    try {
      return `${statSync(path.join(distDir, 'BUILD_ID')).mtimeMs}:${readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8')}`;
    } catch {
      return null;
    }
  };
  const before = buildId();
  const port = await freePort();
  const app = startLauncher({ appDir, dataDir, port, logFile });
  const deadline = performance.now() + timeoutMs;
  try {
    const [health, home] = await Promise.all([firstOk(`${app.url}/api/health`, app, deadline), firstOk(`${app.url}/`, app, deadline)]);
    return { app, health, home, built: before === null || buildId() !== before || /building the app/.test(app.output()) };
  } catch (error) {
    await stopLauncher(app);
    throw error;
  }
}

// ------------------------------------------------------------------ c. a signed-in user

async function api(base, method, url, { cookie, body, headers } = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
    redirect: 'manual',
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return { response, data: text ? JSON.parse(text) : null };
}

async function verificationLink(dataDir, email, deadline) {
  const outbox = path.join(dataDir, 'outbox');
  while (performance.now() < deadline) {
    for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
      // A complete MIME message (quoted-printable bodies): read its text part as a mail client does.
      const mail = await simpleParser(readFileSync(path.join(outbox, file)));
      const to = [mail.to ?? []].flat().flatMap((item) => item.value);
      const link = to.some((address) => address.address === email) ? mail.text?.match(/https?:\/\/\S*\/verify\/\S+/)?.[0] : undefined;
      if (link) return new URL(link.replace(/[>"')\]]+$/, ''));
    }
    await sleep(100);
  }
  throw new Error('no verification mail in the outbox');
}

/** Signs up and verifies through the API and the outbox, adds 3 tasks and a 25-minute timer session with them. */
export async function signedInUser(app) {
  const email = `bench-fe-${Date.now()}@example.com`;
  const forwarded = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  const signup = await api(app.url, 'POST', '/api/auth/signup', {
    body: { name: 'Bench Front End', email, password: 'correct horse battery staple' },
    headers: { 'x-forwarded-for': forwarded },
  });
  const cookie = signup.response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.includes('session-token'));
  if (!cookie) throw new Error('the sign-up set no session cookie');
  const link = await verificationLink(app.dataDir, email, performance.now() + 20_000);
  const [, , linkEmail, token] = link.pathname.split('/');
  await api(app.url, 'GET', `/api/auth/verify-email?email=${linkEmail}&token=${token}`, { cookie });
  const due = new Date(Date.now() + 86_400_000).toISOString();
  const taskIds = [];
  for (const [title, importance] of [
    ['Write the quarterly report', 'High'],
    ['Review the pull request', 'Medium'],
    ['Plan next week', 'Low'],
  ]) {
    const task = await api(app.url, 'POST', '/api/tasks', { cookie, body: { title, description: 'Made by the front-end benchmark', importance, difficulty: 'Medium', dueDate: due } });
    taskIds.push(task.data.id);
  }
  // A manual timer session with those tasks picked, as Configure Session creates it.
  const session = await api(app.url, 'POST', '/api/sessions', { cookie, body: { displayMode: 'timer', timerDuration: 25, maxTasks: 5, selectedTaskIds: taskIds } });
  const [name, ...rest] = cookie.split('=');
  return { cookie: { name, value: rest.join('='), url: app.url }, sessionId: session.data.id };
}

// ------------------------------------------------------------------ the browser

/** The dashboard's way into /session: the current session's id (and configuration) in session storage. */
const sessionStorageScript = (sessionId) => `
  try {
    sessionStorage.setItem('currentSessionId', ${JSON.stringify(sessionId)});
    sessionStorage.setItem('sessionConfig', JSON.stringify({ displayMode: 'timer', maxTasks: 5 }));
  } catch {}`;

/**
 * Runs in the page from its first script: LCP, and a probe that finds the control (a button whose
 * text matches), records when it is first visible, clicks it and records when the click took
 * effect (the label changed, or a dialog opened). A click before hydration does nothing; the probe
 * clicks again after 100 ms without effect (a toggle is never clicked twice once it changed).
 */
const probeScript = ({ label, effect }) => `
  (() => {
    const probe = (window.__probe = { lcp: null, visible: null, interactive: null, clicks: 0 });
    try {
      new PerformanceObserver((list) => { const last = list.getEntries().at(-1); if (last) probe.lcp = last.startTime; })
        .observe({ type: 'largest-contentful-paint', buffered: true });
    } catch {}
    const pattern = new RegExp(${JSON.stringify(label)});
    const shown = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && Number(s.opacity) > 0.5; };
    let clicked = null;
    const tick = () => {
      if (probe.interactive !== null) return;
      if (clicked) {
        const done = ${effect === 'dialog' ? "document.querySelector('[role=dialog],[role=alertdialog]') !== null" : 'clicked.el.isConnected && clicked.el.textContent.trim() !== clicked.text'};
        if (done) { probe.interactive = performance.now(); return; }
        if (performance.now() - clicked.at < 100) return void setTimeout(tick, 4);
      }
      const el = [...document.querySelectorAll('button')].find((b) => pattern.test(b.textContent.trim()) && shown(b));
      if (el) {
        if (probe.visible === null) probe.visible = performance.now();
        clicked = { el, text: el.textContent.trim(), at: performance.now() };
        probe.clicks++;
        el.click();
      }
      setTimeout(tick, 4);
    };
    setTimeout(tick, 0);
  })();`;

async function withContext(browser, { cookie, init }, fn) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (cookie) await context.addCookies([cookie]);
    for (const script of init ?? []) await context.addInitScript(script);
    return await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * The scripts a cold first visit fetched before `load` (manifest path → gzip kB), and those it
 * fetched after `load` until the network was quiet (code preloaded in idle time, e.g. dialogs).
 */
async function browserScripts(browser, url, options) {
  return withContext(browser, options, async (page) => {
    const before = [];
    const after = [];
    let loaded = false;
    page.once('load', () => {
      loaded = true;
    });
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      (loaded ? after : before).push(
        response
          .body()
          .then((body) => ({ url: response.url(), kb: gzipKb(body) }))
          .catch(() => null),
      );
    });
    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const finalUrl = page.url();
    const toMap = (scripts) => new Map(scripts.filter(Boolean).map((script) => [manifestPathOfUrl(script.url) ?? script.url, script.kb]));
    const files = toMap(await Promise.all(before));
    // Idle-time preloads start once the page's own requests settle (requestIdleCallback, at most
    // 2 s after load): wait for quiet, then give them 2.5 s more.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    await page.waitForTimeout(2500);
    const later = toMap(await Promise.all(after));
    return { status: response?.status(), finalUrl, files, later };
  });
}

async function timeToInteractive(browser, url, options, probe) {
  return withContext(browser, { ...options, init: [...(options.init ?? []), probeScript(probe)] }, async (page) => {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => window.__probe?.interactive !== null, null, { timeout: 30_000, polling: 50 });
    return page.evaluate(() => {
      const [nav] = performance.getEntriesByType('navigation');
      return {
        visible: window.__probe.visible,
        interactive: window.__probe.interactive,
        clicks: window.__probe.clicks,
        lcp: window.__probe.lcp,
        domInteractive: nav.domInteractive,
        domContentLoaded: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
        path: location.pathname,
      };
    });
  });
}

// ------------------------------------------------------------------ the whole measurement

/**
 * @param {{ root: string, appDir?: string, say?: (message: string) => void }} options
 * root: this checkout (bench/.out lives here); appDir: the checkout measured (default root).
 * @returns {Promise<{ markdown: string, figures: object }>}
 */
export async function measureFrontend({ root, appDir = root, say = () => {} }) {
  const outDir = path.join(root, 'bench', '.out', 'frontend');
  const distDir = path.join(appDir, process.env.NEXT_DIST_DIR || '.next');
  // The launcher serves whatever build it finds: the current sources are built first.
  if (buildIfChanged(appDir, say) !== 0) throw new Error(`the build of ${appDir} failed`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const started = performance.now();
  let app;
  let browser;
  const stop = async () => {
    if (browser) await browser.close().catch(() => {});
    browser = undefined;
    if (app) await stopLauncher(app);
    app = undefined;
  };
  const onSignal = () => void stop().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    // b. Cold starts, each in a new data folder. A start that had to build first (the sources
    // changed since the last build) is not counted, and the next start is measured instead.
    const cold = [];
    let attempt = 0;
    while (cold.length < START_RUNS && attempt < START_RUNS + 1) {
      attempt++;
      const dataDir = path.join(outDir, `data-${attempt}`);
      say(`cold start ${cold.length + 1}/${START_RUNS} (new data folder)`);
      const run = await timedStart({ appDir, distDir, dataDir, logFile: path.join(outDir, `start-cold-${attempt}.log`), timeoutMs: 15 * 60_000 });
      app = run.app;
      await stopLauncher(app);
      app = undefined;
      if (run.built) {
        say('  the launcher built the app first: not counted');
        continue;
      }
      cold.push({ ...run, dataDir });
      say(`  /api/health ${fmt(run.health, 0)} ms, / ${fmt(run.home, 0)} ms`);
    }
    if (cold.length < START_RUNS) throw new Error('the launcher kept building: is the working tree changing?');
    // Warm starts on the last cold start's data folder; the last one stays up for the browser.
    const warmDir = cold.at(-1).dataDir;
    const warm = [];
    for (let i = 0; i < START_RUNS; i++) {
      say(`warm start ${i + 1}/${START_RUNS} (existing data folder)`);
      const run = await timedStart({ appDir, distDir, dataDir: warmDir, logFile: path.join(outDir, `start-warm-${i + 1}.log`), timeoutMs: 5 * 60_000 });
      app = run.app;
      warm.push(run);
      say(`  /api/health ${fmt(run.health, 0)} ms, / ${fmt(run.home, 0)} ms`);
      if (i < START_RUNS - 1) {
        await stopLauncher(app);
        app = undefined;
      }
    }
    for (const dir of cold.slice(0, -1).map((run) => run.dataDir)) rmSync(dir, { recursive: true, force: true });

    // a. First-load JS from the manifests of the build the app serves.
    const manifest = manifestFirstLoad(distDir);
    say(`manifests: ${manifest.routes.length} pages; framework ${fmt(manifest.framework.kb)} kB gzip`);

    // The signed-in user, their tasks and a timer session.
    const user = await signedInUser(app);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const sessionInit = [sessionStorageScript(user.sessionId)];
    const visit = (route) => {
      if (route === '/sessions/[id]') return { url: `/sessions/${user.sessionId}`, signedIn: true };
      if (route === '/verify/[[...slug]]') return { url: '/verify', signedIn: false };
      if (route === '/session') return { url: route, signedIn: true, init: sessionInit };
      const signedIn = ['/dashboard', '/sessions', '/calendar', '/account', '/breakdown', '/reset-password'].includes(route);
      return { url: route, signedIn };
    };

    for (const entry of manifest.routes) {
      const how = visit(entry.route);
      const seen = await browserScripts(browser, `${app.url}${how.url}`, { cookie: how.signedIn ? user.cookie : undefined, init: how.init });
      const browserFiles = [...seen.files.keys()];
      entry.url = how.url;
      entry.signedIn = how.signedIn;
      entry.status = seen.status;
      entry.landed = new URL(seen.finalUrl).pathname;
      entry.browserKb = [...seen.files.values()].reduce((sum, kb) => sum + kb, 0);
      entry.laterKb = [...seen.later.values()].reduce((sum, kb) => sum + kb, 0);
      entry.diff = compareFileSets(entry.files, browserFiles);
      entry.diffKb = {
        onlyManifest: entry.diff.onlyManifest.reduce((sum, file) => sum + manifest.sizeOf(file), 0),
        onlyBrowser: entry.diff.onlyBrowser.reduce((sum, file) => sum + (seen.files.get(file) ?? 0), 0),
      };
      say(`  ${entry.route}: manifest ${fmt(entry.kb)} kB, browser ${fmt(entry.browserKb)} kB (${browserFiles.length} scripts)`);
    }

    // c. Time to interactive, cold cache each run.
    const tti = {};
    for (const [route, options, probe] of [
      ['/session', { cookie: user.cookie, init: sessionInit }, { label: '^(Pause|Start)$', effect: 'label' }],
      ['/dashboard', { cookie: user.cookie }, { label: '^Start Session$', effect: 'dialog' }],
    ]) {
      tti[route] = [];
      for (let i = 0; i < TTI_RUNS; i++) {
        const result = await timeToInteractive(browser, `${app.url}${route}`, options, probe);
        if (result.path !== route) throw new Error(`${route} ended on ${result.path}`);
        tti[route].push(result);
      }
      say(`  ${route}: interactive ${fmt(median(tti[route].map((r) => r.interactive)), 0)} ms (median of ${TTI_RUNS})`);
    }
    await stop();

    // The report.
    const figures = {
      firstLoadKb: Object.fromEntries(
        manifest.routes.map((entry) => [entry.route, { browser: round(entry.browserKb), manifest: round(entry.kb), afterLoad: round(entry.laterKb) }]),
      ),
      frameworkKb: round(manifest.framework.kb),
      rootLayoutKb: round(manifest.rootLayout.kb),
      startMs: {
        cold: { health: round(median(cold.map((r) => r.health)), 0), home: round(median(cold.map((r) => r.home)), 0), runs: cold.map((r) => [round(r.health, 0), round(r.home, 0)]) },
        warm: { health: round(median(warm.map((r) => r.health)), 0), home: round(median(warm.map((r) => r.home)), 0), runs: warm.map((r) => [round(r.health, 0), round(r.home, 0)]) },
      },
      ttiMs: Object.fromEntries(
        Object.entries(tti).map(([route, results]) => [
          route,
          Object.fromEntries(['visible', 'interactive', 'domInteractive', 'domContentLoaded', 'load', 'lcp'].map((key) => [key, round(median(results.map((r) => r[key])), 0)])),
        ]),
      ),
      overReference: Object.fromEntries(Object.entries(REFERENCE_KB).map(([route, reference]) => [route, (browserKbOf(manifest, route) ?? 0) > reference])),
    };
    const markdown = report({ manifest, cold, warm, tti, figures, seconds: (performance.now() - started) / 1000 });
    return { markdown, figures };
  } finally {
    await stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    rmSync(outDir, { recursive: true, force: true });
  }
}

const round = (value, digits = 1) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

function browserKbOf(manifest, route) {
  return manifest.routes.find((entry) => entry.route === route)?.browserKb;
}

function report({ manifest, cold, warm, tti, seconds }) {
  const rows = manifest.routes.map((entry) => {
    const reference = REFERENCE_KB[entry.route];
    const authority = entry.browserKb;
    const result = reference && authority > reference ? 'over: see its Lighthouse figures' : '';
    const same = !entry.diff.onlyManifest.length && !entry.diff.onlyBrowser.length;
    const differs = same
      ? 'same files'
      : [
          entry.diff.onlyBrowser.length ? `+${entry.diff.onlyBrowser.length} file(s) ${fmt(entry.diffKb.onlyBrowser)} kB only in the browser` : null,
          entry.diff.onlyManifest.length ? `${entry.diff.onlyManifest.length} file(s) ${fmt(entry.diffKb.onlyManifest)} kB not fetched` : null,
        ]
          .filter(Boolean)
          .join('; ');
    const landed = entry.landed !== entry.url ? ` (→ ${entry.landed})` : '';
    return `| ${entry.url}${entry.url !== entry.route ? ` (${entry.route})` : ''}${landed} | ${fmt(authority)} | ${fmt(entry.kb)} | ${reference ?? ''} | ${result} | ${fmt(entry.laterKb)} | ${differs} |`;
  });
  const startRow = (name, list) =>
    `| ${name} | ${fmt(median(list.map((r) => r.health)), 0)} | ${fmt(median(list.map((r) => r.home)), 0)} | ${list.map((r) => `${fmt(r.health, 0)} / ${fmt(r.home, 0)}`).join(', ')} |`;
  const ttiRow = (route) => {
    const results = tti[route];
    const m = (key) => fmt(median(results.map((r) => r[key])), 0);
    return `| ${route} | ${m('visible')} | ${m('interactive')} | ${m('domInteractive')} | ${m('domContentLoaded')} | ${m('load')} | ${m('lcp')} | ${results.map((r) => fmt(r.interactive, 0)).join(', ')} |`;
  };
  const differing = manifest.routes.filter((entry) => entry.diff.onlyManifest.length || entry.diff.onlyBrowser.length);
  return `## Front end

Produced by \`npm run bench:frontend\` (bench/frontend.mjs, ${fmt(seconds, 0)} s) against the production build.

### First-load JavaScript per route (gzip)

The browser column is the authority: the gzip size (level 9) of every script a cold first visit
fetched before the page's \`load\` event in headless Chromium (signed in for the app's pages). The
manifest column is the build manifests' rule (bench/first-load.ts: rootMainFiles + the layouts on
the route's path + the page; polyfills are \`nomodule\` and skipped by modern browsers). "After
load" is not part of the first load: code the page fetches once it has loaded and the network is
quiet (dialogs, the task form and the set-up wizards preload in idle time and open instantly).

| floor | kB gzip |
|---|---:|
| Framework alone: Next's runtime, React DOM, the router (rootMainFiles) | ${fmt(manifest.framework.kb)} |
| Framework + the root layout and its not-found boundary (every page loads these: providers, toasts, theme) | ${fmt(manifest.rootLayout.kb)} |
These are diagnostics, not bars: the bar is Lighthouse (bench/lighthouse.mjs). The reference is
the size an island had when it met that bar.

| route | browser kB | manifest kB | reference kB | note | after load kB | manifest vs browser |
|---|---:|---:|---:|---|---:|---|
${rows.join('\n')}
${
  differing.length
    ? `\nWhere they differ: ${differing
        .map((entry) => `${entry.url}: ${[...entry.diff.onlyBrowser.map((f) => `+${path.basename(f)}`), ...entry.diff.onlyManifest.map((f) => `-${path.basename(f)}`)].join(' ')}`)
        .join('; ')} (files fetched before \`load\` that no layout or page entry lists are dynamic imports or client navigations; listed files not fetched were not needed by that visit).\n`
    : '\nThe manifests and the browser agree on every route.\n'
}
### Start time (launcher to first 200)

Milliseconds from spawning \`node scripts/start.mjs\` (what \`npm start\` execs; the build is current) to
the first 200; cold = a new data folder (the embedded PostgreSQL cluster is created and migrated),
warm = the same folder again. ${START_RUNS} runs each, median.

| start | /api/health ms | / ms | runs (health / home) |
|---|---:|---:|---|
${startRow('cold (new data folder)', cold)}
${startRow('warm (existing data folder)', warm)}

### Time to interactive (headless Chromium, cold cache, signed in)

Milliseconds from navigation start. Visible: the main control is on screen; interactive: a click on
it took effect (/session: the timer's Pause/Start changes state; /dashboard: Start Session opens its
dialog). ${TTI_RUNS} runs each in a new browser context, median; 1280 × 800.

| page | control visible | interactive | domInteractive | DOMContentLoaded | load | LCP | interactive, each run |
|---|---:|---:|---:|---:|---:|---:|---|
${Object.keys(tti).map(ttiRow).join('\n')}
`;
}

// `npm run bench:frontend`: print the markdown.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=')));
  const say = (message) => process.stderr.write(`[frontend] ${message}\n`);
  try {
    const { markdown, figures } = await measureFrontend({ root, appDir: path.resolve(args['app-dir'] ?? root), say });
    process.stdout.write(`${markdown}\n`);
    if (args.json) process.stdout.write(`\n${JSON.stringify(figures, null, 2)}\n`);
  } catch (error) {
    process.stderr.write(`[frontend] ${error.stack ?? error}\n`);
    process.exitCode = 1;
  }
  process.exit(process.exitCode ?? 0);
}
