// The caller's address, for per-IP rate limits. Taken from the first hop of X-Forwarded-For,
// else X-Real-IP, else 'unknown' (all such callers then share one bucket). Operators must run
// the app behind a reverse proxy that sets (overwrites) these headers; otherwise a client can
// choose its own address and per-IP limits only slow it down (per-account limits still hold).
export function clientIp(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded.slice(0, 64);
  const real = headers.get('x-real-ip')?.trim();
  if (real) return real.slice(0, 64);
  return 'unknown';
}
