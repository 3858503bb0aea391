# The Remix site. Built by docker compose (service `site`); alone: docker build -t car-export-site .
# Node 24 (LTS), exact tag: a rebuild gets the same Node until the tag here is changed.

FROM node:24.22.3-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci installs exactly the committed lock and fails when package.json and the lock disagree.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npx remix build && npm prune --omit=dev --no-audit --no-fund

FROM node:24.22.3-trixie-slim
ENV NODE_ENV=production PORT=3000 OUTBOX_DIR=/data/outbox
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY package.json server.mjs ./
COPY server ./server
# `npm run outbox -- list|drain|retry` inside the container (docker compose exec site npm run outbox).
COPY scripts/outbox.mjs ./scripts/outbox.mjs
# Leads that could not be handed to WordPress yet are kept here until delivered: a volume, so
# they outlive the container; owned by the unprivileged user the server runs as.
RUN mkdir -p /data/outbox && chown node:node /data/outbox
VOLUME /data/outbox
USER node
EXPOSE 3000
# Ready, not only alive: /readyz answers 200 once WordPress answers too (503 while draining).
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.mjs"]
