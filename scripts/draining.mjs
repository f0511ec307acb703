// Graceful draining for the production server (scripts/server.mjs) behind a load balancer.
//
// On SIGTERM the instance does not stop at once: it
// 1. answers GET /api/health with 503 {"status":"draining"}, so the balancer's health check
//    takes it out of rotation, and marks every answer `Connection: close`, so keep-alive
//    connections end after their current request;
// 2. keeps serving whatever still arrives for DRAIN_DELAY_MS (long enough for the health check
//    to notice: its interval times its fall count, plus a margin), because until then the
//    balancer may still send requests here;
// 3. stops accepting connections, closes the idle ones, lets the requests in flight finish, and
//    exits once the last connection is gone (or after DRAIN_GRACE_MS, closing what is left).
// SIGINT (Ctrl-C in a terminal) skips the wait of step 2.
//
// DRAIN_DELAY_MS defaults to 0 (a single instance with nothing in front has nobody to warn) and
// DRAIN_GRACE_MS to 5000; the launcher (scripts/start.mjs) sends SIGKILL 10 s after its SIGTERM,
// so keep their sum below that.

const HEALTH_PATH = '/api/health';

function numberFrom(value, fallback) {
  const number = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(number) && number >= 0 ? number : fallback;
}

/**
 * Wraps a node:http request listener. `attach(server)` installs the signal handlers (or call
 * `drain()` yourself); `exit` is called once the server is closed (process.exit by default).
 */
export function createDrainer(listener, options = {}) {
  const env = options.env ?? process.env;
  const delayMs = options.delayMs ?? numberFrom(env.DRAIN_DELAY_MS, 0);
  const graceMs = options.graceMs ?? numberFrom(env.DRAIN_GRACE_MS, 5_000);
  const exit = options.exit ?? ((code) => process.exit(code));
  const say = options.log ?? ((message) => process.stdout.write(`[onething] ${message}\n`));
  let draining = false;
  let closing = false;
  let server;

  const wrapped = (req, res) => {
    if (draining) {
      res.setHeader('connection', 'close');
      const path = (req.url ?? '').split('?')[0];
      if (path === HEALTH_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
        const body = JSON.stringify({ status: 'draining' });
        res.writeHead(503, { 'content-type': 'application/json', 'cache-control': 'no-store', 'retry-after': '1', 'content-length': Buffer.byteLength(body) });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
    }
    return listener(req, res);
  };

  function close() {
    if (closing || !server) return;
    closing = true;
    say('draining: no new connections; finishing the requests in flight');
    server.close(() => exit(0));
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
      exit(0);
    }, graceMs).unref();
  }

  /** Starts draining; `immediate` skips the health-check delay. */
  function drain({ immediate = false } = {}) {
    if (draining) {
      if (immediate) close();
      return;
    }
    draining = true;
    say(`draining: /api/health answers 503${immediate || delayMs === 0 ? '' : `; still serving for ${delayMs} ms`}`);
    if (immediate || delayMs === 0) close();
    else setTimeout(close, delayMs).unref();
  }

  return {
    listener: wrapped,
    drain,
    get draining() {
      return draining;
    },
    attach(httpServer) {
      server = httpServer;
      process.on('SIGTERM', () => drain());
      process.on('SIGINT', () => drain({ immediate: true }));
      return this;
    },
    /** For tests: the server to close, without process signal handlers. */
    use(httpServer) {
      server = httpServer;
      return this;
    },
  };
}
