// A small closed-loop HTTP load generator: `connections` workers each send one request, wait
// for the whole answer, record its latency, and send the next, for a fixed duration (after a
// warm-up that is not recorded). node:http with a keep-alive agent, loopback only.
import http from 'node:http';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * The open loop's record of answers: due time (ms, performance.now()) and latency of each, in
 * typed arrays sized up front, so a row's tens of thousands of answers are two buffers of numbers
 * instead of an object each. Held for the whole row, those objects outlived the young
 * generation, and the full collections they brought paused the load generator inside a server's
 * window (27 Nov 2026, bench/results.md).
 */
class AnswerLog {
  constructor(capacity = 4096) {
    this.length = 0;
    this.due = new Float64Array(capacity);
    this.latency = new Float64Array(capacity);
  }

  push(due, latency) {
    if (this.length === this.due.length) {
      const grow = (from) => {
        const to = new Float64Array(from.length * 2);
        to.set(from);
        return to;
      };
      this.due = grow(this.due);
      this.latency = grow(this.latency);
    }
    this.due[this.length] = due;
    this.latency[this.length] = latency;
    this.length++;
  }

  /** Appends another log's answers. */
  append(other) {
    for (let i = 0; i < other.length; i++) this.push(other.due[i], other.latency[i]);
  }

  /** The latencies, sorted (a copy). */
  sortedLatencies() {
    return this.latency.slice(0, this.length).sort();
  }

  /** [due time (ms since the epoch), latency ms] of each answer, for --timeline's file. */
  pairs() {
    return Array.from({ length: this.length }, (_, i) => [performance.timeOrigin + this.due[i], this.latency[i]]);
  }
}

/** node:http options for one benchmark request (`spec`: method, path, headers, JSON body). */
function requestOptions(base, agent, spec) {
  return {
    host: base.hostname,
    port: base.port,
    method: spec.method,
    path: spec.path,
    agent,
    headers: { ...(spec.headers ?? {}), ...(spec.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(spec.body) } : {}) },
  };
}

/**
 * @param {object} options
 * @param {string} options.url base URL, e.g. http://127.0.0.1:3000
 * @param {(i: number) => { method: string, path: string, headers?: object, body?: string }} options.request
 * @param {number} options.connections
 * @param {number} options.durationMs
 * @param {number} options.warmupMs
 */
export async function runLoad({ url, request, connections, durationMs, warmupMs = 1000, cpu }) {
  const base = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let counter = 0;
  let recording = false;
  const warmupEnd = Date.now() + warmupMs;
  const end = warmupEnd + durationMs;

  const once = () =>
    new Promise((resolve) => {
      const spec = request(counter++);
      const started = process.hrtime.bigint();
      const req = http.request(
        requestOptions(base, agent, spec),
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (recording) {
              latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
              statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            }
            resolve();
          });
        },
      );
      req.on('error', () => {
        if (recording) errors++;
        resolve();
      });
      if (spec.body) req.write(spec.body);
      req.end();
    });

  const worker = async () => {
    while (Date.now() < end) await once();
  };
  const recordingStarts = new Promise((resolve) => setTimeout(resolve, warmupMs));
  let measuredFrom = 0;
  const cpuNow = () => (cpu ? Object.fromEntries(Object.entries(cpu).map(([name, read]) => [name, read()])) : undefined);
  let cpuFrom;
  void recordingStarts.then(() => {
    recording = true;
    measuredFrom = performance.now();
    cpuFrom = cpuNow();
  });
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - measuredFrom) / 1000;
  const cpuTo = cpuNow();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const ok = Object.entries(statuses).filter(([status]) => Number(status) < 400).reduce((sum, [, n]) => sum + n, 0);
  return {
    requests: latencies.length,
    ok,
    errors,
    statuses,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    // CPU time per answer in ms, for each process tree named in `cpu` (the server's, the
    // database's): unlike req/s, barely moved by other work on the machine, so it shows where a
    // change helped even on a busy one.
    cpuPerRequest:
      cpuFrom && cpuTo && latencies.length
        ? Object.fromEntries(Object.keys(cpuTo).map((name) => [name, (cpuTo[name] - cpuFrom[name]) / latencies.length]))
        : undefined,
  };
}

/**
 * The CPU time (user + system, ms) used so far by the process `pid` and all its descendants,
 * those that ended included (Linux /proc; undefined elsewhere).
 */
export function processTreeCpuMs(pid) {
  if (!existsSync('/proc/self/stat')) return undefined;
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  const parents = new Map();
  const cpu = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      // utime + stime, and for the tree's root also cutime + cstime: the children that ended
      // (PostgreSQL's backends of a closed connection) keep counting there.
      const children = Number(entry) === pid ? Number(fields[13]) + Number(fields[14]) : 0;
      cpu.set(Number(entry), (Number(fields[11]) + Number(fields[12]) + children) * tick);
    } catch {
      // the process ended while the list was read
    }
  }
  let total = 0;
  for (const [id, ms] of cpu) {
    for (let at = id; at > 1; at = parents.get(at) ?? 0) {
      if (at === pid) {
        total += ms;
        break;
      }
    }
  }
  return total;
}

/**
 * Open loop: requests are sent at a fixed rate whatever the server's answers, as independent
 * users would send them, so latency is the server's answer time at that load (not, as in the
 * closed loop, connections / throughput). Each latency is counted from the moment the request
 * was due, so a server that falls behind is charged for the queue it builds (no coordinated
 * omission). Sent in small batches every few milliseconds; sockets are kept alive and opened
 * as needed (up to `maxSockets`, beyond which requests wait in the client's queue and the wait counts).
 *
 * @param {object} options
 * @param {string} options.url
 * @param {(i: number) => { method: string, path: string, headers?: object, body?: string }} options.request
 * @param {number} options.rate requests per second
 * @param {number} options.durationMs
 * @param {number} options.warmupMs
 * @param {number} [options.maxSockets]
 * @param {http.Agent} [options.agent] a keep-alive agent the caller owns (kept open afterwards), so
 *   back-to-back windows reuse warm sockets; by default one of the loop's own, closed at its end
 * @param {AnswerLog} [options.answers] receives each recorded answer (by default one of the loop's own)
 */
export async function runOpenLoop({ url, request, rate, durationMs, warmupMs = 1000, maxSockets = 512, agent: sharedAgent, answers = new AnswerLog(Math.ceil((rate * durationMs) / 1000) + 64) }) {
  const base = new URL(url);
  const agent = sharedAgent ?? openLoopAgent(maxSockets);
  const recordedFrom = answers.length;
  const statuses = {};
  let errors = 0;
  const errorCodes = {};
  let sent = 0;
  let inFlight = 0;
  const start = performance.now();
  const recordFrom = start + warmupMs;
  const end = recordFrom + durationMs;
  // Finished once every request is sent (`sending` false) and answered (`inFlight` 0).
  let sending = true;
  let done;
  const finished = new Promise((resolve) => (done = resolve));

  const fire = (due, again) => {
    const spec = again ?? request(sent++);
    const record = due >= recordFrom;
    inFlight++;
    const req = http.request(
      requestOptions(base, agent, spec),
      (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          if (record) {
            answers.push(due, performance.now() - due);
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          }
          if (--inFlight === 0 && !sending) done();
        });
      },
    );
    req.on('error', (error) => {
      // A keep-alive socket the server closed as idle just as this request went out on it: the
      // request never reached the server, so it is sent again (as Node's documentation advises),
      // still timed from its due moment. Anything else is an error.
      if (req.reusedSocket && error.code === 'ECONNRESET') {
        inFlight--;
        fire(due, spec);
        return;
      }
      if (record) {
        errors++;
        errorCodes[error.code ?? error.message] = (errorCodes[error.code ?? error.message] ?? 0) + 1;
      }
      if (--inFlight === 0 && !sending) done();
    });
    if (spec.body) req.write(spec.body);
    req.end();
  };

  const interval = 1000 / rate;
  let next = start;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next <= now && next < end) {
        fire(next);
        next += interval;
      }
      if (next >= end) return resolve();
      setTimeout(tick, Math.max(0, Math.min(5, next - performance.now())));
    };
    tick();
  });
  sending = false;
  // Bounded: answers still missing 30 s after the last send are dropped (and counted as errors).
  if (inFlight > 0) await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
  errors += inFlight;
  if (!sharedAgent) agent.destroy();
  const latencies = answers.latency.slice(recordedFrom, answers.length).sort();
  const recorded = latencies.length;
  return {
    rate,
    requests: recorded,
    errors,
    errorCodes,
    statuses,
    achievedRps: recorded / (durationMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** The keep-alive agent of an open loop: sockets opened as needed, up to `maxSockets`. */
function openLoopAgent(maxSockets = 512) {
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
}

/**
 * The open loop at one fixed rate for several servers, taking strict turns in short windows
 * (A B A B …, each window a fraction of a second) rather than one long run each: whatever else
 * the machine does meanwhile (the PostgreSQL both share, the kernel, another process) falls on
 * both alike, so the comparison of their tails is not decided by which one happened to run during
 * a disturbance. The windows are shorter than the disturbances seen on this machine (bursts of
 * slow answers 250-500 ms long, on both servers alike: 27 Nov 2026, bench/results.md), so such a
 * burst spans both servers' windows instead of one server's; each server keeps its warm keep-alive
 * sockets from window to window (one agent per server), so a window needs no warm-up of its own.
 * One unrecorded warm-up window per server comes first. The latencies of all windows are pooled
 * per server.
 *
 * The load generator watches its own event loop in each turn. A pause of the generator itself (a
 * collection of its own, or the machine not running it) delays the requests due meanwhile and the
 * reading of answers already there, and those latencies are the generator's, not the server's:
 * the turn in which the generator paused longer than `generatorPauseMs` is measured again, for
 * every server of the turn alike (both windows dropped, the turn repeated), up to `windows` / 4
 * extra turns; how many turns were measured again is returned (`remeasuredTurns`).
 *
 * @param {object} options
 * @param {Record<string, string>} options.urls name → base URL
 * @param {(i: number) => { method: string, path: string, headers?: object, body?: string }} options.request
 * @param {number} options.rate requests per second
 * @param {number} options.windows measured windows per server
 * @param {number} options.windowMs measured milliseconds per window
 * @param {number} options.warmupMs the unrecorded warm-up window per server, before the first measured one
 * @param {number} [options.generatorPauseMs] the longest pause of the generator's own event loop a turn may have to count
 * @param {Record<string, Array<[number, number]>>} [options.timeline] receives, per server, [due time (ms since the epoch), latency ms] of each recorded answer
 */
export async function runInterleavedOpenLoop({ urls, request, rate, windows, windowMs, warmupMs, generatorPauseMs = 10, timeline }) {
  const names = Object.keys(urls);
  const capacity = Math.ceil((rate * windows * windowMs) / 1000) + 1024;
  const pooled = Object.fromEntries(names.map((name) => [name, { answers: new AnswerLog(capacity), errors: 0, errorCodes: {}, statuses: {} }]));
  const agents = Object.fromEntries(names.map((name) => [name, openLoopAgent()]));
  // One window's answers, reused turn after turn.
  const turnAnswers = Object.fromEntries(names.map((name) => [name, new AnswerLog(Math.ceil((rate * windowMs) / 1000) + 256)]));
  const pause = monitorEventLoopDelay({ resolution: 2 });
  let sent = 0;
  let remeasuredTurns = 0;
  // Requests keep their numbering across windows (the PATCH row walks through distinct tasks).
  const numbered = () => request(sent++);
  try {
    for (const name of names) await runOpenLoop({ url: urls[name], request: numbered, rate, durationMs: 0, warmupMs, agent: agents[name] });
    pause.enable();
    for (let turn = 0; turn < windows; turn++) {
      pause.reset();
      const results = {};
      for (const name of names) {
        turnAnswers[name].length = 0;
        results[name] = await runOpenLoop({ url: urls[name], request: numbered, rate, durationMs: windowMs, warmupMs: 0, agent: agents[name], answers: turnAnswers[name] });
      }
      // The histogram's delays are beyond its 2 ms timer, in nanoseconds.
      if (pause.max / 1e6 > generatorPauseMs && remeasuredTurns < windows / 4) {
        remeasuredTurns++;
        turn--;
        continue;
      }
      for (const name of names) {
        const into = pooled[name];
        into.answers.append(turnAnswers[name]);
        into.errors += results[name].errors;
        for (const [code, count] of Object.entries(results[name].errorCodes)) into.errorCodes[code] = (into.errorCodes[code] ?? 0) + count;
        for (const [status, count] of Object.entries(results[name].statuses)) into.statuses[status] = (into.statuses[status] ?? 0) + count;
      }
    }
  } finally {
    pause.disable();
    for (const agent of Object.values(agents)) agent.destroy();
  }
  if (timeline) for (const name of names) timeline[name] = pooled[name].answers.pairs();
  return Object.fromEntries(
    names.map((name) => {
      const { answers, errors, errorCodes, statuses } = pooled[name];
      const latencies = answers.sortedLatencies();
      return [
        name,
        {
          rate,
          requests: latencies.length,
          errors,
          errorCodes,
          statuses,
          achievedRps: latencies.length / ((windows * windowMs) / 1000),
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          remeasuredTurns,
        },
      ];
    }),
  );
}
