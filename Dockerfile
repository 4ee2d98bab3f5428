# syntax=docker/dockerfile:1
# Multi-stage build: dependencies, build, and a slim runtime with production dependencies only.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
# patches/ is applied by the postinstall script (patch-package, docs/decisions/0067).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund

FROM deps AS build
WORKDIR /app
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
# At run time set APP_URL (the address people use; required with SMTP_URL) and, for any other
# name the container is reached by, ALLOWED_HOSTS: other Host headers are answered with 400.
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
# build/ holds the Remix server build and, in build/scripts/, the server and the operator CLI
# compiled from scripts/*.ts by `npm run build` (this image has no tsx).
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --chown=node:node package.json ./
COPY --chown=node:node db/migrations ./db/migrations
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Migrations are applied at start (app/server/lifecycle.server.ts) before the server listens.
CMD ["node", "build/scripts/server.js"]
