# Portal do Titular: the app and its API server in one image (docs/decisions/024-container.md).
#
#   docker build -t portal-do-titular . && docker run -p 8080:8080 -v portal-dados:/data portal-do-titular
#
# With no settings it is the demo, on the embedded database in the /data volume. For a real
# provider set DATABASE_URL (or DEMO=0), PUBLIC_URL and the payment settings (README,
# "Configuration"); compose.yaml runs two instances on one PostgreSQL behind Caddy.

# Build: the app (dist/), the server bundle (dist-server/) and the packages the bundle loads.
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
# The lockfile as it is; no install scripts, as package.json's allowScripts has it (README).
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build && node --import tsx scripts/container/server-modules.ts /runtime

# Run: Node, the built files and the server's own packages; no npm install, no sources.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    STATIC_DIR=/app/dist
WORKDIR /app
COPY --from=build /runtime/node_modules ./node_modules
COPY --from=build /src/dist ./dist
COPY --from=build /src/dist-server ./dist-server
# The embedded database (PGlite) lives in /data; a named volume there keeps it across containers.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
# The official image's unprivileged user (uid 1000).
USER node
EXPOSE 8080
# Ready: the database answers and has this version's migrations (README, "Operations").
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/socios-api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is PID 1 (the image's entrypoint execs it) and handles SIGTERM itself: in-flight requests
# are answered, then the database is closed and it exits 0 (server/index.ts).
CMD ["node", "--enable-source-maps", "dist-server/index.mjs"]
