# syntax=docker/dockerfile:1
# Cohost images (docs/deploy.md):
#   docker build --target web    -t cohost-web .     the Next.js server (standalone output), port 3000
#   docker build --target worker -t cohost-worker .  `npm run worker` (meeting bots, with Chromium);
#                                                   also runs the release step `npm run db:migrate`
# NEXT_PUBLIC_* settings are compiled into the web build: pass them with --build-arg.

FROM node:24-bookworm-slim AS base
WORKDIR /app
# DATA_DIR only receives e-mails as .eml files when SMTP_URL is unset; the app folder is read-only
# for the `node` user the images run as.
ENV NEXT_TELEMETRY_DISABLED=1 DATA_DIR=/home/node/data

# All dependencies, and the Prisma client generated from the schema (our postinstall).
FROM base AS deps
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts ./scripts
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund

FROM deps AS build
ARG NEXT_PUBLIC_ANALYTICS_ID
ARG NEXT_PUBLIC_ANALYTICS_URL
ARG NEXT_PUBLIC_SENTRY_DSN
ARG NEXT_PUBLIC_CONTACT_EMAIL
ARG NEXT_PUBLIC_TERMS_URL
ARG NEXT_PUBLIC_PRIVACY_URL
ENV NEXT_PUBLIC_ANALYTICS_ID=$NEXT_PUBLIC_ANALYTICS_ID \
    NEXT_PUBLIC_ANALYTICS_URL=$NEXT_PUBLIC_ANALYTICS_URL \
    NEXT_PUBLIC_SENTRY_DSN=$NEXT_PUBLIC_SENTRY_DSN \
    NEXT_PUBLIC_CONTACT_EMAIL=$NEXT_PUBLIC_CONTACT_EMAIL \
    NEXT_PUBLIC_TERMS_URL=$NEXT_PUBLIC_TERMS_URL \
    NEXT_PUBLIC_PRIVACY_URL=$NEXT_PUBLIC_PRIVACY_URL
COPY . .
RUN NEXT_OUTPUT=standalone npx next build

# The web server: only the files the build traced (server.js, its node_modules, the catalogues)
# plus the static assets, run by the unprivileged `node` user (files stay root-owned: read-only).
FROM base AS web
# KEEP_ALIVE_TIMEOUT: idle connections kept 65 s, as every web server (scripts/next-start.ts).
ENV NODE_ENV=production PORT=3000 HOSTNAME=0.0.0.0 KEEP_ALIVE_TIMEOUT=65000
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
# The one place Next.js may write at run time.
RUN mkdir -p .next/cache && chown node:node .next/cache
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]

# Scripts and the worker run TypeScript sources directly (Node's type stripping) with the
# production dependencies and the generated Prisma client.
FROM base AS runtime
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY scripts/slim-runtime-modules.sh ./scripts/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && sh scripts/slim-runtime-modules.sh \
  && npm cache clean --force
COPY . .
COPY --from=deps /app/lib/generated ./lib/generated

# Meeting bots drive Chromium: the distribution's package, found by lib/browser/chromium.ts through
# CHROMIUM_PATH. Fonts so meeting pages render text. Then what a headless bot never reads: manuals,
# translations of the system's tools, the desktop's icon theme and Vulkan's debugging layer.
FROM runtime AS worker
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-liberation fonts-noto-color-emoji ca-certificates \
  && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
  && rm -rf /usr/share/doc/* /usr/share/man/* /usr/share/locale/* /usr/share/icons/Adwaita \
     /usr/lib/chromium/libVkLayer_khronos_validation.so
ENV CHROMIUM_PATH=/usr/bin/chromium
USER node
CMD ["npm", "run", "worker"]
