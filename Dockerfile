# syntax=docker/dockerfile:1

# Cartera: one image serving the API (apps/server) and the web client (apps/web).
#
#   docker build -t cartera .
#   docker run -p 3000:3000 cartera          # embedded database under /app/.data
#
# See .env.example for configuration and docker-compose.yml for a full stack.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---------------------------------------------------------------------------
# Build: install all dependencies and build every workspace.
FROM ${NODE_IMAGE} AS build
WORKDIR /app

ENV CI=true \
    TURBO_TELEMETRY_DISABLED=1 \
    DO_NOT_TRACK=1 \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    NPM_CONFIG_AUDIT=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_UPDATE_NOTIFIER=false

# Use the npm release pinned in package.json ("packageManager").
RUN npm install -g npm@11.19.1

COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci
RUN npm run build

# Drop build caches and test artefacts; keep the workspace layout, since the server
# resolves @cartera/db/package.json (migrations) and @cartera/web/package.json (dist)
# through the node_modules workspace symlinks at runtime.
RUN rm -rf node_modules/.cache .turbo apps/*/.turbo packages/*/.turbo \
      apps/*/test-results apps/*/playwright-report

# ---------------------------------------------------------------------------
# Runtime
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    CARTERA_DATA_DIR=/app/.data

COPY --from=build /app /app

# The embedded database and local file storage live in CARTERA_DATA_DIR.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node

EXPOSE 3000

# /api/health answers 503 when the database is unreachable.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

CMD ["node", "apps/server/dist/main.js"]
