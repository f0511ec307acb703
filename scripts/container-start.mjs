#!/usr/bin/env node
// The container's entry (Dockerfile): refuses to start without DATABASE_URL — the embedded
// PostgreSQL is for local use, not for a container whose data would vanish with it — then
// hands over to the launcher (scripts/start.mjs) in this same process, so signals reach it.
if (!process.env.DATABASE_URL) {
  process.stderr.write('[onething] DATABASE_URL is required in the container (postgresql://user:pass@host:5432/db); see docs/deploy.md\n');
  process.exit(1);
}
if (!process.env.AUTH_SECRET) {
  process.stderr.write('[onething] AUTH_SECRET is required with DATABASE_URL (at least 32 characters, e.g. `openssl rand -base64 48`)\n');
  process.exit(1);
}
await import('./start.mjs');
