# The study service in a container: the README's own commands (npm ci, npm start), run as a non-root user.
# Build: docker build -t study-service .   Run: docker compose up (compose.yaml: the server with PostgreSQL).

# Build stage: install everything and compile (npm ci runs the prepare script: dist/ and web/dist/).
FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles its native module when no prebuilt one can be fetched.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: the compiled server, the built web app, the bundled curriculum and production dependencies only.
FROM node:20-bookworm-slim
# pg_dump and pg_restore for `study-service backup`/`restore` on PostgreSQL (Debian 12's are version 15).
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/bin ./bin
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/web/dist ./web/dist
COPY --from=build --chown=node:node /app/content ./content
COPY --from=build --chown=node:node /app/node_modules ./node_modules
# The embedded SQLite database (the default DATABASE_URL) and backups live here; mount a volume on it to keep them.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "start"]
