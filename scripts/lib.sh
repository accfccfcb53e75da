# Shared by scripts/demo and scripts/test: find Python 3.12+, keep a venv in step with
# pyproject.toml, and reach the services the tests need. Sourced, not executed.

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

# wait_for_postgres HOST PORT: start a local cluster if it is stopped and we may, then wait.
wait_for_postgres() {
    local host=$1 port=$2 i
    if pg_isready -q -h "$host" -p "$port" 2>/dev/null; then return 0; fi
    if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ] \
        && [ "$(id -u)" = 0 ] && { [ "$host" = 127.0.0.1 ] || [ "$host" = localhost ]; }; then
        say "PostgreSQL is not answering on $host:$port; starting the local cluster"
        pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main \
            start >/dev/null 2>&1 || true
    fi
    for i in $(seq 1 30); do
        if pg_isready -q -h "$host" -p "$port" 2>/dev/null; then return 0; fi
        if ! command -v pg_isready >/dev/null 2>&1 \
            && (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; then return 0; fi
        sleep 1
    done
    die "PostgreSQL is not reachable at $host:$port after 30 s. Start it (e.g. \
'pg_ctlcluster 15 main start') or set TEST_DATABASE_URL to a reachable server."
}

# wait_for_redis HOST PORT: start a local redis-server if it is stopped and we can, then wait.
wait_for_redis() {
    local host=$1 port=$2 i
    redis_up() { (exec 3<>"/dev/tcp/$host/$port" && printf 'PING\r\n' >&3 \
        && IFS= read -r -t 2 reply <&3 && [[ $reply == +PONG* ]]) 2>/dev/null; }
    if redis_up; then return 0; fi
    if command -v redis-server >/dev/null 2>&1 \
        && { [ "$host" = 127.0.0.1 ] || [ "$host" = localhost ]; }; then
        say "Redis is not answering on $host:$port; starting a local redis-server"
        redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" \
            --appendonly no >/dev/null 2>&1 || true
    fi
    for i in $(seq 1 20); do
        if redis_up; then return 0; fi
        sleep 1
    done
    die "Redis is not reachable at $host:$port after 20 s (the Celery worker tests use it as \
the broker). Start it ('redis-server --daemonize yes') or set TEST_REDIS_URL."
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
