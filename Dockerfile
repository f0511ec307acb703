# syntax=docker/dockerfile:1
# Onething, production container. Build: `docker build -t onething .`
# Run (PostgreSQL is yours; the embedded one is for local use and never runs in the container):
#   docker run -p 3000:3000 -e DATABASE_URL=postgresql://… -e AUTH_SECRET=… -e APP_URL=https://… onething
# Every variable: docs/deploy.md. The steps below were run by hand on Debian 12 with Node 24
# (docs/deploy.md, "Container").

# ---- build: install everything, build Next, stamp the build, drop dev dependencies ----
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
RUN npm run build \
 && node scripts/build-stamp.mjs \
 && npm prune --omit=dev

# ---- runtime: the built app, production dependencies, a non-root user ----
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    ONETHING_DATA_DIR=/app/.data
# COPY keeps the sources' modification times, so the launcher's check against the build stamp
# holds and `npm start` serves the build instead of building again.
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The launcher validates the environment, migrates (under an advisory lock) and serves; SIGTERM
# from `docker stop` reaches it directly (exec form, no shell in between).
CMD ["node", "scripts/container-start.mjs"]
