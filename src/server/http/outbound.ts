// The one way this server makes HTTP requests for a user (Web Push endpoints, calendar
// subscriptions): https or http to public addresses only, checked after DNS on every hop
// (redirects included), with a connect timeout, an overall deadline and a body size bound.
//
// The address check happens where the connection is made: the request's `lookup` resolves the
// name, refuses it when ANY of its addresses is not public, and hands the socket exactly the
// address it checked, so a name cannot answer one address to the check and another to the
// connect (DNS rebinding). An IP literal never reaches `lookup` and is checked before the request.
// Refused: loopback, private (RFC 1918), link-local, CGNAT (100.64/10), multicast, unspecified,
// reserved and documentation ranges, IPv6 ULA / link-local / site-local, and every IPv6 form
// that carries one of those IPv4 addresses (`::ffff:10.0.0.1`, NAT64 `64:ff9b::`, 6to4 `2002::`).
//
// OUTBOUND_ALLOWLIST (exact origins, e.g. `http://127.0.0.1:4010`) exempts those origins from
// the address rule, for tests and intranet calendars; nothing else is exempt.
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { env } from '@/server/env';

export type OutboundFailure = 'bad_url' | 'blocked_address' | 'dns' | 'timeout' | 'too_large' | 'too_many_redirects' | 'network';

/** Why an outbound request did not give an answer; `message` is safe to show (never the URL). */
export class OutboundError extends Error {
  override name = 'OutboundError';
  readonly reason: OutboundFailure;
  constructor(reason: OutboundFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

export type OutboundResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
};

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export type OutboundOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Time to establish the TCP (and TLS) connection. */
  connectTimeoutMs?: number;
  /** Deadline for the whole exchange, redirects and body included (a slow body is cut here). */
  timeoutMs?: number;
  /** Largest body accepted; more is an error, not a truncated answer. */
  maxBytes?: number;
  /** Redirects followed (GET/HEAD only); 0 answers the 3xx itself. */
  maxRedirects?: number;
  /** Name resolution (tests stub it to make a name resolve to a private address). */
  resolve?: Resolver;
  /** TLS trust for a test server with its own certificate. */
  ca?: Buffer | string;
};

const DEFAULTS = { connectTimeoutMs: 5_000, timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID...)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Expands an IPv6 address to its eight 16-bit groups. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/^\[|\]$/g, '').split('%')[0]!;
  // A trailing dotted IPv4 part becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  return groups.map((group) => parseInt(group, 16));
}

function ipv4FromGroups(high: number, low: number): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** True when the address (IPv4 or IPv6, any notation) is one the server may call. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare.split('%')[0]!);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family !== 6) return false;
  const g = ipv6Groups(bare);
  if (g.length !== 8 || g.some((n) => Number.isNaN(n))) return false;
  // IPv4-mapped (::ffff:a.b.c.d), and the translated form (::ffff:0:a.b.c.d).
  if (g.slice(0, 5).every((n) => n === 0) && g[5] === 0xffff) return isPublicAddress(ipv4FromGroups(g[6]!, g[7]!));
  if (g.slice(0, 4).every((n) => n === 0) && g[4] === 0xffff && g[5] === 0) return isPublicAddress(ipv4FromGroups(g[6]!, g[7]!));
  // NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::) carry an IPv4 address.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((n) => n === 0)) return isPublicAddress(ipv4FromGroups(g[6]!, g[7]!));
  if (g[0] === 0x2002) return isPublicAddress(ipv4FromGroups(g[1]!, g[2]!));
  const canonical = g.map((n) => n.toString(16)).join(':');
  return !blocked.check(canonical, 'ipv6');
}

/** The origins OUTBOUND_ALLOWLIST exempts (already validated by src/server/env.ts). */
function allowlist(): Set<string> {
  const list = env().OUTBOUND_ALLOWLIST;
  return new Set(list ?? []);
}

/**
 * Checks a URL the user gave before it is stored: a parseable http(s) URL, no credentials in
 * it, and (unless allowlisted) a host that is not an IP literal of a non-public address.
 * Names are checked again after DNS at send time. Throws OutboundError('bad_url' | 'blocked_address').
 */
export function assertOutboundUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OutboundError('bad_url', 'This is not a web address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundError('bad_url', 'Only https: and http: addresses can be used');
  if (url.username || url.password) throw new OutboundError('bad_url', 'The address must not contain a user name or password');
  if (allowlist().has(url.origin)) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new OutboundError('blocked_address', 'This address points at a private or local network, which the server does not call');
  } else if (/^(localhost|.*\.localhost|.*\.local|.*\.internal|.*\.home\.arpa)$/i.test(host) || !host.includes('.')) {
    throw new OutboundError('blocked_address', 'This address points at a private or local network, which the server does not call');
  }
  return url;
}

const systemResolve: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/** A `lookup` for http.request that refuses a name with any non-public address. */
function guardedLookup(resolveName: Resolver, exempt: boolean, onBlocked: () => void): LookupFunction {
  return (hostname, options, callback) => {
    resolveName(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 4);
        if (!exempt && addresses.some((entry) => !isPublicAddress(entry.address))) {
          onBlocked();
          return callback(Object.assign(new Error('blocked address'), { code: 'EBLOCKED' }), '', 4);
        }
        if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
        const first = addresses[0]!;
        callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
}

function once(url: URL, options: Required<Pick<OutboundOptions, 'connectTimeoutMs' | 'maxBytes'>> & OutboundOptions, deadline: number): Promise<OutboundResponse> {
  const exempt = allowlist().has(url.origin);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!exempt && isIP(host) && !isPublicAddress(host)) {
    return Promise.reject(new OutboundError('blocked_address', 'The address points at a private or local network'));
  }
  return new Promise((resolve, reject) => {
    let blockedByDns = false;
    let settled = false;
    const fail = (error: OutboundError) => {
      if (settled) return;
      settled = true;
      clearTimeout(overall);
      request.destroy();
      reject(error);
    };
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: options.method ?? 'GET',
      headers: { 'user-agent': 'Onething (+calendar and push delivery)', ...options.headers },
      lookup: guardedLookup(options.resolve ?? systemResolve, exempt, () => (blockedByDns = true)),
      ...(options.ca && { ca: options.ca }),
      // No connection reuse: every hop is resolved and checked afresh.
      agent: false,
    });
    const overall = setTimeout(() => fail(new OutboundError('timeout', 'The server took too long to answer')), Math.max(0, deadline - Date.now()));
    const connectTimer = setTimeout(() => fail(new OutboundError('timeout', 'The server could not be reached in time')), options.connectTimeoutMs);
    request.on('socket', (socket) => {
      const connected = () => clearTimeout(connectTimer);
      if (url.protocol === 'https:') socket.once('secureConnect', connected);
      else socket.once('connect', connected);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(connectTimer);
      if (blockedByDns || error.code === 'EBLOCKED') fail(new OutboundError('blocked_address', 'The address points at a private or local network'));
      else if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') fail(new OutboundError('dns', 'The server name could not be found'));
      else fail(new OutboundError('network', `The server could not be reached (${error.code ?? 'connection failed'})`));
    });
    request.on('response', (response) => {
      clearTimeout(connectTimer);
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) return fail(new OutboundError('too_large', 'The answer is too large'));
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) return fail(new OutboundError('too_large', 'The answer is too large'));
        chunks.push(chunk);
      });
      response.on('error', () => fail(new OutboundError('network', 'The connection broke off')));
      response.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(overall);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), url: url.toString() });
      });
    });
    request.end(options.body);
  });
}

/**
 * One guarded request. Redirects (301, 302, 303, 307, 308) of a GET or HEAD are followed up to
 * `maxRedirects`, each target checked like the first. Throws OutboundError; an HTTP error
 * status is an answer, not an error.
 */
export async function outboundRequest(target: string | URL, options: OutboundOptions = {}): Promise<OutboundResponse> {
  const settings = { ...DEFAULTS, ...options };
  const deadline = Date.now() + settings.timeoutMs;
  let url = assertOutboundUrl(String(target));
  const method = (settings.method ?? 'GET').toUpperCase();
  for (let hop = 0; ; hop += 1) {
    const answer = await once(url, settings, deadline);
    const location = answer.headers.location;
    if (![301, 302, 303, 307, 308].includes(answer.status) || !location || (method !== 'GET' && method !== 'HEAD')) return answer;
    if (hop >= settings.maxRedirects) throw new OutboundError('too_many_redirects', 'The address redirects too many times');
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new OutboundError('bad_url', 'The server redirected to an address that is not valid');
    }
    url = assertOutboundUrl(next.toString());
  }
}

/**
 * Runs `work` over `items` with at most `limit` at a time (parallel sends that one slow peer
 * cannot stall); results in order, each settled.
 */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = { status: 'fulfilled', value: await work(items[index]!) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, runner));
  return results;
}
