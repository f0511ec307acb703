// The caller's address, for per-IP rate limits, chosen so a client cannot pick its own.
//
// TRUSTED_PROXIES is the number of reverse proxies in front of the app, each appending the
// address it received the request from to X-Forwarded-For. The caller is then the address that
// many hops from the right of [X-Forwarded-For entries..., socket address]: entries further left
// were written by the client and are never trusted.
// - 0 (the default): the socket address. A door that sees the socket (a node:http server)
//   passes it as `remoteAddress`. Next's route handlers do not see it, and Next fills in
//   X-Forwarded-For with it only when the client sent none, so a forged header cannot be told
//   apart: there the caller is 'unknown' (every such caller shares one per-IP bucket; per-account
//   limits still hold) and a warning says to set TRUSTED_PROXIES. Never a client-chosen address.
// - N ≥ 1: behind N proxies. Without a socket address (Next), Next itself is the hop after the
//   last proxy, so the caller is the N-th entry from the right; with one, the entry N hops left
//   of the socket. Fewer entries than hops (a request that skipped a proxy) gives the leftmost:
//   the app's port must be reachable only through the proxies.
import { env } from '@/server/env';
import { log } from '@/server/log';
import { processSingleton } from '@/server/process-singleton';

const warning = processSingleton('clientIpWarning', () => ({ given: false }));

function entries(headers: Headers): string[] {
  return (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export function clientIp(headers: Headers, remoteAddress?: string, trustedProxies: number = env().TRUSTED_PROXIES): string {
  const forwarded = entries(headers);
  let address: string | undefined;
  if (remoteAddress) {
    const chain = [...forwarded, remoteAddress];
    address = chain[Math.max(0, chain.length - 1 - trustedProxies)];
  } else if (trustedProxies > 0) {
    address = forwarded[Math.max(0, forwarded.length - trustedProxies)];
  } else if (!warning.given) {
    warning.given = true;
    log.warn('client address unknown: set TRUSTED_PROXIES to the number of proxies in front of the app; per-IP rate limits are shared meanwhile');
  }
  return address ? address.slice(0, 64) : 'unknown';
}
