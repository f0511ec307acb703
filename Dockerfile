# syntax=docker/dockerfile:1
# Onething, production container. Build: `docker build -t onething .`
# Run (PostgreSQL is yours; the embedded one is for local use and never runs in the container):
#   docker run -p 3000:3000 -e DATABASE_URL=postgresql://… -e AUTH_SECRET=… -e APP_URL=https://… onething
# Every variable: docs/deploy.md. The steps below were run by hand on Debian 12 with Node 24
# (docs/deploy.md, "Container").

# ---- build: install everything, build (Next, the server bundle of the HTTP front, the service worker) ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json .npmrc ./
COPY prisma ./prisma
COPY prisma.config.ts ./
# postinstall runs `prisma generate` (into src/generated/prisma) from the schema copied above.
# `npm ci` when the lock file is complete; the committed lock is written on machines whose
# registry mirror lacks other platforms' optional binaries (@next/swc-darwin-*, …), which
# `npm ci` refuses as "missing from lock file" — then `npm install` installs the same locked
# versions (as CI does).
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
# The build's dependencies and cache stay in this stage: the runtime takes its own (below).
RUN npm run build \
 && rm -rf node_modules .next/cache

# ---- production dependencies only: no TypeScript, no Prisma CLI, no embedded PostgreSQL ----
# `npm prune --omit=dev` would keep `typescript` and `prisma`: npm installs peer dependencies, and
# @trpc/server lists TypeScript as one (for its types), @prisma/client the Prisma CLI. Neither runs
# in production (the server is Next's build plus plain JavaScript), so this install leaves peers to
# the packages listed in package.json (--legacy-peer-deps). Scripts are skipped (the root
# postinstall would run the Prisma CLI; the client is generated in the build stage) except
# argon2's, which picks its prebuilt binary.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --legacy-peer-deps --ignore-scripts --no-audit --no-fund \
 && npm rebuild argon2 \
 && npm cache clean --force

# ---- runtime: the built app, production dependencies, a non-root user ----
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    ONETHING_DATA_DIR=/app/.data
# The launcher serves the build it finds and never builds in the container.
COPY --from=build --chown=node:node /app /app
COPY --from=deps --chown=node:node /app/node_modules /app/node_modules
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The launcher validates the environment, migrates (under an advisory lock) and serves; SIGTERM
# from `docker stop` reaches it directly (exec form, no shell in between).
CMD ["node", "scripts/container-start.mjs"]
