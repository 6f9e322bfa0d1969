# syntax=docker/dockerfile:1
# The portal as one image (decision 202): the build stage builds the web app (dist/) and the
# server (dist-server/) with the development dependencies; the runtime stage holds those two
# builds, the production dependencies and nothing else (no sources, no build tools), runs as the
# unprivileged `node` user under tini, and starts without building.
#   docker build --build-arg APP_COMMIT=$(git rev-parse HEAD) -t buyer-portal .
# The same image runs web processes (WORKERS=none), worker processes (WORKERS=all or kinds) and
# the release step (`node dist-server/migrate.mjs`); docs/operations.md says how.

# Node 20 on Debian 12, the C library the lock file's prebuilt binaries (sharp, argon2, esbuild)
# are chosen for; pin a digest (node:20-bookworm-slim@sha256:…) for builds that must repeat.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG APP_COMMIT
# Names the web build, whose persisted query cache another build discards (vite.config.ts).
ENV BUILD_ID=${APP_COMMIT}
RUN npm run build && npm run build:server

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# The native packages (sharp, argon2) come as prebuilt binaries: no install script is needed.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# The only place the process writes (mail files with MAIL_TRANSPORT=file); the image's own files
# stay owned by root, so the process cannot change them, and the root file system can be mounted
# read-only.
RUN mkdir -p /var/lib/portal && chown node:node /var/lib/portal
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/var/lib/portal \
    STATIC_DIR=/app/dist
ARG APP_COMMIT
ENV APP_COMMIT=${APP_COMMIT}
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini is PID 1: it passes SIGTERM on to node and reaps any child process.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist-server/index.mjs"]
