// A small closed-loop HTTP load generator: `connections` workers each send one request, wait
// for the whole answer, record its latency, and send the next, for a fixed duration (after a
// warm-up that is not recorded). node:http with a keep-alive agent, loopback only.
import http from 'node:http';

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * @param {object} options
 * @param {string} options.url base URL, e.g. http://127.0.0.1:3000
 * @param {(i: number) => { method: string, path: string, headers?: object, body?: string }} options.request
 * @param {number} options.connections
 * @param {number} options.durationMs
 * @param {number} options.warmupMs
 */
export async function runLoad({ url, request, connections, durationMs, warmupMs = 1000 }) {
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
        {
          host: base.hostname,
          port: base.port,
          method: spec.method,
          path: spec.path,
          agent,
          headers: { ...(spec.headers ?? {}), ...(spec.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(spec.body) } : {}) },
        },
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
  void recordingStarts.then(() => {
    recording = true;
    measuredFrom = performance.now();
  });
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - measuredFrom) / 1000;
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
  };
}
