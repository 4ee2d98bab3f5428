#!/usr/bin/env bash
# A highly available PostgreSQL on one machine, for trying failover by hand and for tests:
# Debian's pg_auto_failover (apt-get install postgresql-15-auto-failover) with a monitor and two
# data nodes (a primary and a synchronous standby) on three ports. In production the three run
# on three machines with the same commands (docs/operations.md, "A database that fails over").
#
#   scripts/ha-formation.sh up      create what is missing and start it; prints DATABASE_URL
#   scripts/ha-formation.sh state   the monitor's view of the nodes
#   scripts/ha-formation.sh events  the monitor's last 100 events (each state assigned and reached)
#   scripts/ha-formation.sh uri     the multi-host DATABASE_URL
#   scripts/ha-formation.sh failover  a planned failover (the standby becomes the primary)
#   scripts/ha-formation.sh down    stop everything (the data stays; `up` starts it again)
#   scripts/ha-formation.sh destroy stop everything and delete the data
#
# Idempotent: `up` twice does nothing the second time. Settings by environment: HA_DIR (data,
# default /var/tmp/ga-formation), HA_PORT (the monitor's port; the nodes take the next two,
# default 6000), HA_DB (default grocery).
set -euo pipefail

dir=${HA_DIR:-/var/tmp/ga-formation}
port=${HA_PORT:-6000}
db=${HA_DB:-grocery}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort | tail -n 1)
command -v pg_autoctl >/dev/null || {
  echo "pg_autoctl not found: apt-get install postgresql-15-auto-failover" >&2
  exit 2
}

# pg_autoctl refuses root: run it as postgres, with the server binaries on PATH.
as_pg() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- env PATH="$bin:$PATH" "$@"
  else
    env PATH="$bin:$PATH" "$@"
  fi
}

monitor_uri="postgres://autoctl_node@127.0.0.1:$port/pg_auto_failover?sslmode=require"

running() { as_pg pg_autoctl status --pgdata "$1" >/dev/null 2>&1; }

start_node() { # name, pgdata, create args...
  local name=$1 pgdata=$2
  shift 2
  if running "$pgdata"; then return; fi
  if [ -f "$pgdata/PG_VERSION" ] || [ -f "$pgdata/pg_autoctl.cfg" ]; then
    as_pg nohup pg_autoctl run --pgdata "$pgdata" >>"$dir/$name.log" 2>&1 &
  else
    as_pg nohup pg_autoctl "$@" --pgdata "$pgdata" --hostname 127.0.0.1 \
      --auth trust --ssl-self-signed --run >>"$dir/$name.log" 2>&1 &
  fi
}

wait_for() { # seconds, command...
  local seconds=$1
  shift
  for _ in $(seq 1 "$seconds"); do
    "$@" >/dev/null 2>&1 && return 0
    sleep 1
  done
  return 1
}

state() { as_pg pg_autoctl show state --pgdata "$dir/monitor"; }
uri() { as_pg pg_autoctl show uri --pgdata "$dir/monitor" --formation default; }

up() {
  mkdir -p "$dir"
  chmod 777 "$dir"
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
  start_node monitor "$dir/monitor" create monitor --pgport "$port"
  wait_for 60 as_pg "$bin/pg_isready" -h 127.0.0.1 -p "$port" ||
    { echo "the monitor did not start (see $dir/monitor.log)" >&2; exit 1; }
  start_node node1 "$dir/node1" create postgres --pgport $((port + 1)) \
    --monitor "$monitor_uri" --dbname "$db"
  wait_for 90 sh -c "$(declare -f as_pg); bin=$bin; as_pg pg_autoctl show state --pgdata $dir/monitor | grep -Eq 'primary|single'" ||
    { echo "the first node did not start (see $dir/node1.log)" >&2; exit 1; }
  start_node node2 "$dir/node2" create postgres --pgport $((port + 2)) \
    --monitor "$monitor_uri" --dbname "$db"
  # The standby's base backup waits for a checkpoint on the primary; ask for one now rather
  # than wait for the next scheduled one (minutes).
  for _ in $(seq 1 120); do
    if state | grep -q secondary; then break; fi
    for p in $((port + 1)) $((port + 2)); do
      as_pg "$bin/psql" -h 127.0.0.1 -p "$p" -d "$db" -qAtc checkpoint >/dev/null 2>&1 || true
    done
    sleep 1
  done
  state
  echo
  echo "DATABASE_URL=$(uri | sed 's#^postgres://#postgres://postgres@#')"
}

down() {
  for name in node2 node1 monitor; do
    [ -d "$dir/$name" ] && as_pg pg_autoctl stop --pgdata "$dir/$name" >/dev/null 2>&1 || true
  done
}

case "${1:-up}" in
  up) up ;;
  state) state ;;
  events) as_pg pg_autoctl show events --pgdata "$dir/monitor" --count 100 ;;
  uri) uri | sed 's#^postgres://#postgres://postgres@#' ;;
  failover)
    # Only from a settled formation (a primary and a secondary, each where it was assigned):
    # right after a crash the monitor may still be recovering the primary.
    settled() { state | grep -Eq 'primary +\| +primary *$' && state | grep -Eq 'secondary +\| +secondary *$'; }
    wait_for 120 settled || { echo "the formation did not settle; not failing over" >&2; exit 1; }
    # The monitor can still refuse for a moment after that ("couldn't find the primary
    # node"): ask again for up to a minute.
    for attempt in $(seq 1 30); do
      if as_pg pg_autoctl perform failover --pgdata "$dir/monitor" 2>"$dir/failover.err"; then
        exit 0
      fi
      sleep 2
    done
    cat "$dir/failover.err" >&2
    exit 1
    ;;
  down) down ;;
  destroy)
    down
    sleep 2
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 up|state|events|uri|failover|down|destroy" >&2
    exit 2
    ;;
esac
