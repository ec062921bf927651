# shellcheck shell=bash
# What scripts/backup and scripts/restore share. Sourced by them, not run.

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# The archive's own containers (everything but the data stores).
# shellcheck disable=SC2034 # used by scripts/restore
APP_SERVICES=(gateway auth profile media albums family)

fail() {
  echo "$*" >&2
  exit 1
}

# An absolute path for a folder or file named on the command line (relative to where the command was typed).
absolute() {
  case "$1" in
    /*) printf '%s\n' "$1" ;;
    *) printf '%s\n' "$PWD/$1" ;;
  esac
}

# ---- compose installation ----

# `docker compose` (Compose v2), else Debian's/older `docker-compose`.
use_compose() {
  if docker compose version >/dev/null 2>&1; then
    COMPOSE=(docker compose)
  elif command -v docker-compose >/dev/null 2>&1; then
    COMPOSE=(docker-compose)
  else
    fail "Docker Compose was not found. For an archive started with npm start, add --local."
  fi
}

# Runs compose in the repository folder, so it finds docker-compose.yml and .env.
compose() {
  (cd "$root" && "${COMPOSE[@]}" "$@")
}

# Copies objects with scripts/lib/objects.mjs in a one-off container of the archive image: it has Node and the
# MinIO client, gets the MinIO settings of the media service, and reaches MinIO on the internal network.
# It runs as the calling user, so it can read and write the backup folder mounted at /backup.
objects_in_container() { # export|import <folder> [:ro]
  compose run --rm --no-deps -T --user "$(id -u):$(id -g)" -v "$2:/backup${3:-}" \
    media node /app/scripts/lib/objects.mjs "$1" /backup
}

wait_for_data_stores() {
  local tries=0
  until compose exec -T postgres pg_isready -q >/dev/null 2>&1 && compose exec -T minio mc ready local >/dev/null 2>&1; do
    tries=$((tries + 1))
    [[ $tries -lt 90 ]] || fail "Postgres or MinIO did not become ready within 90 seconds; see: docker compose logs postgres minio"
    sleep 1
  done
}

# ---- local run (npm start, or processes started by hand) ----

data_dir() {
  case "${DATA_DIR:-data}" in
    /*) printf '%s\n' "$DATA_DIR" ;;
    *) printf '%s\n' "$root/${DATA_DIR:-data}" ;;
  esac
}

# DATABASE_URL, else the database of the archive `npm start` is running (its Postgres runs only while it runs).
local_database_url() {
  if [[ -n "${DATABASE_URL:-}" ]]; then
    printf '%s\n' "$DATABASE_URL"
    return
  fi
  local run
  run="$(data_dir)/run.json"
  [[ -f "$run" ]] || fail "Set DATABASE_URL, or start the archive with npm start first (its database runs only while it runs)."
  node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).databaseUrl)' "$run"
}

# pg_dump / pg_restore from PG_BIN when set, else from PATH.
pg_tool() {
  printf '%s\n' "${PG_BIN:+$PG_BIN/}$1"
}

# The files as the services find them: MinIO when MINIO_ENDPOINT is set, else STORAGE_DIR (default ./data/objects).
objects_local() { # export|import <folder>
  (cd "$root" && STORAGE_DIR="${STORAGE_DIR:-$(data_dir)/objects}" node scripts/lib/objects.mjs "$1" "$2")
}

# ---- what a backup must bring back ----

# Reads the SQL of a dump (pg_restore -f -) and prints "schema.table rows" for every table it fills.
count_rows_in_dump_sql() {
  awk '/^COPY [^ ]+ / { table = $2; rows = 0; inside = 1; next }
       inside && /^\\\.$/ { print table, rows; inside = 0; next }
       inside { rows++ }' | LC_ALL=C sort
}

# The query that prints "schema.table rows" for every table of a database, named as pg_dump names them.
# shellcheck disable=SC2034 # used by scripts/verify-backup
COUNT_ROWS_SQL="SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) || ' ' ||
  (xpath('/row/c/text()', query_to_xml(format('SELECT count(*) AS c FROM %I.%I', n.nspname, c.relname),
    false, true, '')))[1]::text
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'"
