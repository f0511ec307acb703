// MCP agents for the cluster soak (bench/cluster-soak.mjs, C1) and the cluster e2e
// (e2e/cluster.spec.ts): assistants on the SDK's own client (Client + StreamableHTTPClientTransport)
// talking to /api/mcp, stateless, with no session affinity anywhere.
//
// Each request's answering instance is known: HAProxy names it in X-Served-By (scripts/cluster.mjs),
// and `spread` sends each request of one client to the next instance's own port in turn
// (round robin without the balancer), so an initialize on one instance is followed by tools/list
// and tool calls on the others.
import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** Inserts an agent user (verified, Plus) and a read-and-write personal access token for it; answers the token. */
export async function seedAgent(sql, id) {
  await sql.query(
    `INSERT INTO "User" ("id", "name", "email", "passwordHash", "emailVerified", "subscriptionTier", "updatedAt")
     VALUES ($1, $1, $1 || '@example.com', 'not-a-hash', true, 'plus', now())`,
    [id],
  );
  const token = `ot_${randomBytes(24).toString('base64url')}`;
  await sql.query(
    `INSERT INTO "ApiToken" ("id", "userId", "name", "tokenHash", "prefix", "scopes", "createdAt")
     VALUES ($1, $2, 'Soak assistant', $3, $4, ARRAY['read', 'write'], now())`,
    [`${id}-token`, id, createHash('sha256').update(token).digest('hex'), token.slice(0, 8)],
  );
  return token;
}

/**
 * One MCP client session: initialize, tools/list, create_task, list_tasks, complete_task, each a
 * separate POST (and the SDK's GET for a stream, refused with 405). `origins`: send request k to
 * origins[k % origins.length] (each instance's own port), or one origin (the balancer). Answers
 * who served each request (`served`: method and instance, in order) and the task id.
 */
export async function agentSession({ origins, token, title, timeoutMs = 30_000 }) {
  const servedBy = [];
  const served = [];
  const failures = [];
  const latencies = [];
  let k = 0;
  const fetchVia = async (url, init) => {
    const origin = origins[k++ % origins.length];
    const target = new URL(new URL(url).pathname, origin);
    const started = performance.now();
    const method = init?.method === 'GET' ? 'GET' : (JSON.parse(String(init?.body ?? '{}')).method ?? 'POST');
    const response = await fetch(target, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    latencies.push(performance.now() - started);
    const by = response.headers.get('x-served-by') ?? target.port;
    servedBy.push(by);
    served.push({ method, by });
    // Stateless: the client's GET for a server-to-client stream is refused (405), which the SDK expects.
    const expected = response.ok || (method === 'GET' && response.status === 405);
    if (!expected) failures.push(`${method} answered ${response.status} by ${by}`);
    return response;
  };
  const client = new Client({ name: 'onething-soak', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/api/mcp', origins[0]), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: fetchVia,
  });
  const toolFailures = [];
  const call = async (name, args) => {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) toolFailures.push(`${name}: ${JSON.stringify(result.content)}`);
    return result.structuredContent;
  };
  let taskId = null;
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    if (tools.length < 12) toolFailures.push(`tools/list answered ${tools.length} tools`);
    const task = await call('create_task', { title });
    taskId = task?.id ?? null;
    const listed = await call('list_tasks', { status: 'open' });
    if (!listed?.tasks?.some((row) => row.id === taskId)) toolFailures.push('list_tasks did not list the task just created');
    const done = await call('complete_task', { id: taskId });
    if (done?.completed !== true) toolFailures.push('complete_task did not complete it');
  } catch (error) {
    failures.push(error.message);
  } finally {
    await client.close().catch(() => {});
  }
  // The notifications/initialized POST answers 202; every other request answers JSON.
  return { servedBy, served, failures: [...failures, ...toolFailures], latencies, taskId };
}

/** Agents in a closed loop until `deadline`, each session through `origins`. */
export async function runAgents({ sql, origins, agents, deadline, prefix = 'mcp-agent' }) {
  const tokens = [];
  for (let n = 1; n <= agents; n++) tokens.push(await seedAgent(sql, `${prefix}-${n}`));
  const sessions = [];
  await Promise.all(
    tokens.map(async (token, n) => {
      let round = 0;
      while (Date.now() < deadline) {
        sessions.push({ agent: n + 1, ...(await agentSession({ origins, token, title: `Agent ${n + 1} task ${++round}` })) });
      }
    }),
  );
  return sessions;
}

/** What the sessions add up to, for checks and the results file. */
export function summariseAgents(sessions) {
  const latencies = sessions.flatMap((session) => session.latencies).sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const perInstance = {};
  for (const name of sessions.flatMap((session) => session.servedBy)) perInstance[name] = (perInstance[name] ?? 0) + 1;
  return {
    sessions: sessions.length,
    requests: latencies.length,
    failures: sessions.flatMap((session) => session.failures),
    // Sessions whose requests (initialize, tools/list, calls) were answered by more than one instance.
    spread: sessions.filter((session) => new Set(session.servedBy).size > 1).length,
    perInstance,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? NaN,
  };
}
