// Pieces of `npm run soak` (bench/soak.mjs): a loopback-only HTTP client with a timeout on every
// request, the response-shape checks of docs/api-contract.md, the statistics, the process helpers (/proc, the
// launcher's pid file) and the simulated user.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

// ---------------------------------------------------------------- loopback only

/** Every URL the soak talks to must be 127.0.0.1: anything else stops the run. */
export function assertLoopback(url, what = 'URL') {
  const parsed = new URL(url);
  if (parsed.hostname !== '127.0.0.1') throw new Error(`soak: ${what} ${parsed.protocol}//${parsed.host} is not loopback (127.0.0.1); refusing`);
  return parsed;
}

// ---------------------------------------------------------------- HTTP

/**
 * A client for one base URL: `request(method, path, { body, cookie, headers, timeoutMs })`
 * resolves (never rejects) to `{ status, body, text, headers, ms, error }`; status 0 when the
 * request failed (error: 'timeout' or the socket error code).
 */
export function httpClient(baseUrl, { timeoutMs = 15_000, maxSockets = 200 } = {}) {
  const base = assertLoopback(baseUrl, 'app URL');
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  const request = (method, urlPath, options = {}) =>
    new Promise((resolve) => {
      const started = performance.now();
      const body = options.body === undefined ? undefined : JSON.stringify(options.body);
      const headers = {
        accept: 'application/json',
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        ...(options.headers ?? {}),
      };
      let settled = false;
      const done = (result) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ms: performance.now() - started, ...result });
      };
      const req = http.request({ host: base.hostname, port: base.port, method, path: urlPath, agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', (error) => done({ status: 0, error: error.code ?? error.message }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed;
          let json = true;
          try {
            parsed = JSON.parse(text);
          } catch {
            json = false;
          }
          done({ status: res.statusCode ?? 0, body: parsed, json, text, headers: res.headers });
        });
      });
      const timer = setTimeout(() => {
        req.destroy(new Error('timeout'));
        done({ status: 0, error: 'timeout' });
      }, options.timeoutMs ?? timeoutMs);
      req.on('error', (error) => done({ status: 0, error: error.message === 'timeout' ? 'timeout' : (error.code ?? error.message) }));
      if (body !== undefined) req.write(body);
      req.end();
    });
  return { request, close: () => agent.destroy(), url: baseUrl };
}

/** The session cookie (`name=value`) from a response's Set-Cookie headers, or null. */
export function sessionCookieFrom(headers) {
  const cookies = headers?.['set-cookie'] ?? [];
  for (const cookie of cookies) {
    const pair = cookie.split(';')[0];
    if (/^(__Secure-)?next-auth\.session-token=./.test(pair)) return pair;
  }
  return null;
}

// ---------------------------------------------------------------- shapes (docs/api-contract.md)

const isStr = (v) => typeof v === 'string';
const isBool = (v) => typeof v === 'boolean';
const isInt = (v) => Number.isInteger(v);
const isIso = (v) => isStr(v) && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(v) && !Number.isNaN(Date.parse(v));
const orNull = (check) => (v) => v === null || check(v);
const oneOf = (...values) => (v) => values.includes(v);
const SECRET_KEYS = ['passwordHash', 'sessionVersion', 'tokenHash', 'password', 'stack'];

function checkFields(value, fields, what) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return `${what} is not an object`;
  for (const [key, check] of Object.entries(fields)) {
    if (!(key in value)) return `${what} has no ${key}`;
    if (!check(value[key])) return `${what}.${key} has a wrong value: ${JSON.stringify(value[key])?.slice(0, 80)}`;
  }
  for (const key of SECRET_KEYS) if (key in value) return `${what} carries ${key}`;
  return null;
}

const TASK = {
  id: isStr,
  title: isStr,
  description: orNull(isStr),
  importance: oneOf('Low', 'Medium', 'High', 'Critical'),
  difficulty: oneOf('Easy', 'Medium', 'Hard', 'Very Hard'),
  dueDate: orNull(isIso),
  completed: isBool,
  completedAt: orNull(isIso),
  createdAt: isIso,
  sessionId: orNull(isStr),
  parentTaskId: orNull(isStr),
  isAiGenerated: isBool,
  color: orNull((v) => /^#[0-9A-Fa-f]{6}$/.test(v)),
};
const SESSION = {
  id: isStr,
  sessionName: isStr,
  displayMode: oneOf('clock', 'clock-date', 'pomodoro', 'timer', 'stopwatch'),
  startedAt: isIso,
  sessionDuration: orNull(isInt),
  maxTasks: isInt,
  pomodoroWork: isInt,
  pomodoroBreak: isInt,
  timerDuration: orNull(isInt),
  dueDate: isIso,
  selectedTaskIds: (v) => Array.isArray(v) && v.every(isStr),
  sessionType: oneOf('manual', 'ai'),
  userMood: orNull(isStr),
  darkMode: isBool,
  createdAt: isIso,
};
const LIMIT = orNull(isInt);
const USER = {
  id: isStr,
  name: isStr,
  email: isStr,
  emailVerified: isBool,
  subscriptionTier: oneOf('free', 'plus'),
  tasksCreatedThisMonth: isInt,
  sessionsCreatedThisMonth: isInt,
  aiBreakdownsThisMonth: isInt,
  aiSessionsThisMonth: isInt,
  emailRemindersEnabled: isBool,
  marketingEmailsEnabled: isBool,
  newsletterEnabled: isBool,
  limits: (v) => !checkFields(v, { tasks: LIMIT, sessions: LIMIT, aiBreakdowns: LIMIT, aiSessions: LIMIT }, 'limits'),
};

export const shapes = {
  task: (v) => checkFields(v, TASK, 'Task'),
  session: (v) => checkFields(v, SESSION, 'Session'),
  user: (v) => checkFields(v, USER, 'User'),
  userAnswer: (v) => checkFields(v, { user: (u) => !checkFields(u, USER, 'User') }, 'answer') ?? shapes.user(v.user),
  success: (v) => (v && v.success === true && Object.keys(v).length === 1 ? null : 'not { success: true }'),
  health: (v) => checkFields(v, { status: oneOf('ok'), database: oneOf('ok'), time: isIso }, 'health'),
  list: (item) => (v) => (Array.isArray(v) ? (v.map(item).find(Boolean) ?? null) : 'not an array'),
  /** The error body of docs/api-contract.md: exactly { message, code, reason?, issues? }. */
  error: (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return 'error body is not a JSON object';
    if (!isStr(v.message) || !v.message) return 'error body has no message';
    if (!isStr(v.code) || !v.code) return 'error body has no code';
    const extra = Object.keys(v).filter((key) => !['message', 'code', 'reason', 'issues'].includes(key));
    if (extra.length) return `error body has extra keys: ${extra.join(', ')}`;
    if ('reason' in v && (!isStr(v.reason) || !/^[a-z_]+$/.test(v.reason))) return 'error reason is not a reason code';
    if ('issues' in v && !Array.isArray(v.issues)) return 'error issues is not an array';
    return null;
  },
};

// ---------------------------------------------------------------- statistics

export class Stats {
  constructor(name) {
    this.name = name;
    this.latencies = [];
    this.statuses = {};
    this.byOp = {};
    this.failures = [];
    this.failureCount = 0;
    this.started = performance.now();
    this.ended = undefined;
  }

  record(op, response) {
    this.latencies.push(response.ms);
    const key = response.status === 0 ? `error:${response.error}` : String(response.status);
    this.statuses[key] = (this.statuses[key] ?? 0) + 1;
    this.byOp[op] ??= {};
    this.byOp[op][key] = (this.byOp[op][key] ?? 0) + 1;
  }

  fail(message) {
    this.failureCount++;
    if (this.failures.length < 40) this.failures.push(message);
  }

  finish() {
    this.ended ??= performance.now();
    return this;
  }

  summary() {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const pct = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
    const seconds = ((this.ended ?? performance.now()) - this.started) / 1000;
    return { requests: sorted.length, seconds, rps: sorted.length / seconds, p50: pct(50), p99: pct(99), max: sorted.at(-1) ?? NaN };
  }
}

// ---------------------------------------------------------------- processes

/** pid → { ppid, argv } for every process visible in /proc. */
export function processTable() {
  const table = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      table.set(Number(entry), { ppid: Number(fields[1]), state: fields[0], argv });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

export function descendants(pid, table = processTable()) {
  const out = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift();
    for (const [child, info] of table) {
      if (info.ppid === parent && !out.includes(child)) {
        out.push(child);
        queue.push(child);
      }
    }
  }
  return out;
}

export const isPostgres = (info) => Boolean(info?.argv[0]) && /(^|\/)postgres$|^postgres:/.test(info.argv[0]);

/** Running postmasters (not zombies) serving `databaseDir` (`postgres -D <dir>`). */
export function postmastersFor(databaseDir, table = processTable()) {
  const dir = path.resolve(databaseDir);
  return [...table]
    .filter(([, info]) => info.state !== 'Z' && isPostgres(info) && info.argv.some((arg, i) => arg === '-D' && path.resolve(info.argv[i + 1] ?? '') === dir))
    .map(([pid]) => pid);
}

export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return state !== 'Z';
  } catch {
    return false;
  }
}

export function readPid(file) {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0].trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** The port in a postmaster.pid (line 4). */
export function postmasterPort(databaseDir) {
  const file = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const port = Number(readFileSync(file, 'utf8').split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(check, timeoutMs, intervalMs = 200) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() >= deadline) return undefined;
    await sleep(intervalMs);
  }
}
