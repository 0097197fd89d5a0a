# quire as a container: `docker build -t quire .`, then serve artifacts built with `quire build`:
#   docker run -p 1337:1337 -v "$PWD/artifacts:/app/artifacts:ro" -v quire-data:/data \
#     -e JWT_SECRET=... -e API_TOKEN_SALT=... quire
# NODE_ENV=production: JWT_SECRET and API_TOKEN_SALT are required (at least 16 characters each).
# docker-compose.yml runs it on PostgreSQL.

FROM node:22-bookworm-slim AS build
WORKDIR /src
# better-sqlite3 builds from source when no prebuilt binary can be fetched
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY bin ./bin
COPY compiler ./compiler
COPY engine ./engine
RUN npx tsc -p tsconfig.json \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=1337 \
    QUIRE_DATA_DIR=/data
WORKDIR /app
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/bin ./bin
COPY --from=build /src/dist/compiler ./dist/compiler
COPY --from=build /src/dist/engine ./dist/engine
RUN mkdir -p /data /app/artifacts && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 1337
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 1337) + '/_ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "/app/bin/quire.js"]
CMD ["serve", "--artifacts", "/app/artifacts"]
