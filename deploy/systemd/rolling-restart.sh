#!/bin/sh
# Restarts the Shabaash instances one at a time, each only once the previous one is ready
# again, so the site never has no instance: `deploy/systemd/rolling-restart.sh 3001 3002`.
set -eu
for port in "$@"; do
  echo "restarting shabaash@$port"
  systemctl restart "shabaash@$port"
  tries=0
  until curl -fsS "http://127.0.0.1:$port/healthz/ready" >/dev/null 2>&1; do
    tries=$((tries + 1))
    if [ "$tries" -ge 120 ]; then
      echo "shabaash@$port is not ready after 60 s; stopping here" >&2
      exit 1
    fi
    sleep 0.5
  done
  echo "shabaash@$port is ready"
done
