#!/bin/sh
# The Edgeline agent for devices without Node: POSIX sh and curl (dash, busybox ash).
#   curl -fsSL <console>/agent.sh | sh -s -- --url <console> --key enk_...
# enrolls this device once (its credential kept in a file readable by its user only), then sends a
# heartbeat every 30 s with its address, OS, firmware, CPU, memory and traffic read from /proc.
# Exit codes: 0 stopped, 1 failed, 2 bad usage, 3 the console refused the key or credential.

usage() {
  cat >&2 <<'EOF'
usage: sh agent.sh [enroll|run] [--url URL --key enk_...] [--name N] [--serial S]
                   [--state FILE] [--every S] [--firmware V] [--once]
  enrolls with --url and --key when the state file (default
  ~/.config/edgeline-agent/credential.json) is missing, then sends heartbeats
EOF
}

say() { printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" >&2; }

# A text as a JSON string's content: backslashes and quotes escaped, control characters dropped.
json_text() { printf '%s' "$1" | tr -d '\000-\037' | sed 's/\\/\\\\/g; s/"/\\"/g'; }

# The string value of "$1" in the one-line JSON $2 (spaces around the colon allowed).
json_get() { printf '%s' "$2" | sed -n "s/.*\"$1\"[[:space:]]*:[[:space:]]*\"\([^\"]*\)\".*/\1/p"; }

# The content of the flat object "$1" in the one-line JSON $2.
json_object() { printf '%s' "$2" | sed -n "s/.*\"$1\"[[:space:]]*:[[:space:]]*{\([^}]*\)}.*/\1/p"; }

# Seconds since 1970 of an ISO 8601 UTC time (2026-12-29T10:00:00.000Z), in shell arithmetic.
iso_seconds() {
  y=${1%%-*}; rest=${1#*-}; mo=${rest%%-*}; rest=${rest#*-}; d=${rest%%T*}; rest=${rest#*T}
  h=${rest%%:*}; rest=${rest#*:}; mi=${rest%%:*}; rest=${rest#*:}; s=${rest%%[.Z+-]*}
  mo=${mo#0}; d=${d#0}; h=${h#0}; mi=${mi#0}; s=${s#0}
  y=$((y - (mo <= 2))); era=$((y / 400)); yoe=$((y - era * 400))
  doy=$(((153 * ((mo + 9) % 12) + 2) / 5 + d - 1))
  doe=$((yoe * 365 + yoe / 4 - yoe / 100 + doy))
  echo $(((era * 146097 + doe - 719468) * 86400 + h * 3600 + mi * 60 + s))
}

# A whole number of seconds from 50 to 100 % of $1, at least 1.
jitter() {
  r=$(od -An -N2 -tu2 /dev/urandom 2>/dev/null | tr -d ' ')
  r=${r:-$$}
  n=$(($1 * (32768 + r % 32768) / 65536))
  [ "$n" -ge 1 ] || n=1
  echo "$n"
}

# Sleeps $1 seconds; a TERM ends it at once.
pause() {
  [ "$stopping" = 1 ] && return
  sleep "$1" &
  child=$!
  wait "$child"
  child=
}

# POSTs $3 to $api$1 with the secret $2 (from a file, so it is not in the process list).
# Sets code (000 without an answer), took (s) and answer (the body, one line); retry_after.
call() {
  printf 'Authorization: Bearer %s\n' "$2" >"$tmp/auth"
  : >"$tmp/answer"
  : >"$tmp/headers"
  curl -sS -o "$tmp/answer" -D "$tmp/headers" -w '%{http_code} %{time_total}' -X POST -H @"$tmp/auth" \
    -H 'Content-Type: application/json' -H 'Accept: application/json' --data-binary "$3" \
    --connect-timeout 10 --max-time 30 "$api$1" >"$tmp/meta" 2>"$tmp/error" &
  child=$!
  wait "$child"
  child=
  rm -f "$tmp/auth"
  code= took=
  read -r code took <"$tmp/meta" || :
  code=${code:-000}
  answer=$(tr -d '\n' <"$tmp/answer")
  retry_after=$(sed -n 's/^[Rr][Ee][Tt][Rr][Yy]-[Aa][Ff][Tt][Ee][Rr]:[[:space:]]*\([0-9][0-9]*\).*/\1/p' "$tmp/headers" | head -n 1)
  message=$(json_get message "$answer")
  [ -n "$message" ] || message="HTTP $code"
  [ "$code" != 000 ] || message="no answer: $(tr '\n' ' ' <"$tmp/error" | cut -c1-200)"
}

# Seconds to wait after $failures failures in a row: 1, 2, 4 ... 300, with jitter; Retry-After first.
backoff() {
  ceiling=$((1 << (failures < 9 ? failures : 9)))
  [ "$ceiling" -le 300 ] || ceiling=300
  wait_s=${retry_after:-$(jitter "$ceiling")}
  failures=$((failures + 1))
}

# The state file's fields: api, device_id, secret, expires_at.
load_state() {
  line=$(tr -d '\n' <"$state")
  url=$(json_get url "$line"); device_id=$(json_get device_id "$line")
  secret=$(json_get secret "$line"); expires_at=$(json_get expires_at "$line")
  if [ -z "$url" ] || [ -z "$device_id" ] || [ -z "$secret" ] || [ -z "$expires_at" ]; then
    say "the state file $state lacks the url, device_id or credential; remove it and enroll again"
    exit 1
  fi
  api="$url/api"
}

# Writes the state whole, readable by its user only, renamed into place.
save_state() {
  mkdir -p "$(dirname "$state")" || exit 1
  printf '{"url":"%s","device_id":"%s","credential":{%s}}\n' "$(json_text "$url")" "$(json_text "$device_id")" "$1" >"$state.tmp.$$" &&
    chmod 600 "$state.tmp.$$" && mv -f "$state.tmp.$$" "$state" || { say "cannot write $state"; exit 1; }
}

read_serial() {
  [ -n "$serial" ] && return
  for file in /etc/machine-id /var/lib/dbus/machine-id; do
    [ -r "$file" ] && serial=$(head -n 1 "$file") && [ -n "$serial" ] && break
  done
  [ -n "$serial" ] || serial=$(sed -n 's/^Serial[[:space:]]*:[[:space:]]*\([0-9a-fA-F]*[1-9a-fA-F][0-9a-fA-F]*\)[[:space:]]*$/\1/p' /proc/cpuinfo 2>/dev/null)
  [ -n "$serial" ] || serial=$(uname -n)
  serial=$(printf '%s' "$serial" | tr -c 'A-Za-z0-9._-' '-' | sed 's/^[^A-Za-z0-9]*//' | cut -c1-64)
}

enroll() {
  read_serial
  [ -n "$name" ] || name=$(uname -n)
  api="$url/api"
  body="{\"serial\":\"$(json_text "$serial")\",\"name\":\"$(json_text "$name")\"}"
  failures=0
  while [ "$stopping" = 0 ]; do
    call /devices/enroll "$key" "$body"
    case $code in
      200 | 201)
        device_id=$(json_get id "$(json_object device "$answer")")
        credential=$(json_object credential "$answer")
        if [ -n "$device_id" ] && [ -n "$credential" ]; then
          save_state "$credential"
          load_state
          say "enrolled as $(json_get name "$(json_object device "$answer")") ($device_id, serial $serial); state in $state"
          return
        fi
        say "the console's answer to enrolling could not be read"; exit 1 ;;
      401) say "the console refused the enrollment key: $message"; exit 3 ;;
      000 | 429 | 5*) backoff
        say "enrolling: $code ($message); trying again in $wait_s s"
        pause "$wait_s" ;;
      *) say "the console refused to enroll this device: $message"; exit 1 ;;
    esac
  done
  exit 0
}

renew_if_due() {
  now=$(date -u +%s)
  [ $(($(iso_seconds "$expires_at") - now)) -lt 864000 ] || return 0
  call /devices/credential/renew "$secret" '{}'
  case $code in
    200 | 201)
      credential=$(printf '%s' "$answer" | sed -n 's/^{\(.*\)}$/\1/p')
      new_secret=$(json_get secret "$answer")
      if [ -n "$new_secret" ]; then
        save_state "$credential"
        secret=$new_secret; expires_at=$(json_get expires_at "$answer")
        say "renewed the credential, valid until $expires_at"
      fi ;;
    401) refused ;;
    *) say "could not renew the credential ($message); trying again with the next heartbeat" ;;
  esac
}

refused() {
  say "the console refused this device's credential ($message): it was revoked or has expired. To join again, remove $state and enroll with a new key"
  exit 3
}

# The readings that do not change while the agent runs.
read_fixed() {
  os_name=$(sed -n 's/^PRETTY_NAME=//p' /etc/os-release 2>/dev/null | head -n 1 | sed 's/^"\(.*\)"$/\1/; s/^'"'"'\(.*\)'"'"'$/\1/')
  [ -n "$os_name" ] || os_name=$(uname -sr)
  [ -n "$firmware" ] || firmware=$(head -n 1 /etc/edgeline-firmware 2>/dev/null)
  [ -n "$firmware" ] || firmware=$(uname -r)
  os_name=$(printf '%s' "$os_name" | cut -c1-80); firmware=$(printf '%s' "$firmware" | cut -c1-40)
}

# This beat's body: CPU and traffic since the previous read, memory now, the last round trip.
beat_body() {
  ip=$(ip -4 addr show scope global 2>/dev/null | sed -n 's/^[[:space:]]*inet \([0-9.]*\).*/\1/p' | head -n 1)
  cpu_now=$(awk '/^cpu / { t = 0; for (i = 2; i <= 9 && i <= NF; i++) t += $i; print t - $5 - $6, t; exit }' /proc/stat 2>/dev/null)
  cpu=
  [ -n "$cpu_prev" ] && [ -n "$cpu_now" ] &&
    cpu=$(echo "$cpu_prev $cpu_now" | awk '$4 > $2 { v = ($3 - $1) * 100 / ($4 - $2); if (v < 0) v = 0; if (v > 100) v = 100; printf "%.1f", v }')
  cpu_prev=$cpu_now
  memory=$(awk '/^MemTotal:/ { t = $2 } /^MemAvailable:/ { a = $2; h = 1 } /^MemFree:/ { f = $2 } /^Buffers:/ { b = $2 } /^Cached:/ { c = $2 }
    END { if (!h) a = f + b + c; if (t > 0) printf "%.1f", (t - a) * 100 / t }' /proc/meminfo 2>/dev/null)
  net=$(awk -v prev="$net_prev" '
    function grow(a, b) { if (b >= a) return b - a; if (a >= 2147483648 && a < 4294967296) return 4294967296 - a + b; return b }
    BEGIN { n = split(prev, p, " "); for (i = 1; i + 2 <= n; i += 3) { rx[p[i]] = p[i + 1]; tx[p[i]] = p[i + 2] } }
    NR > 2 { sub(/:/, " "); if ($1 == "lo") next; now = now $1 " " $2 " " $10 " "
      if ($1 in rx) { seen = 1; bin += grow(rx[$1] + 0, $2 + 0); bout += grow(tx[$1] + 0, $10 + 0) } }
    END { printf "%s|", now; if (seen) printf "%.0f %.0f", bin, bout }' /proc/net/dev 2>/dev/null)
  net_prev=${net%|*}
  traffic=${net#*|}
  metrics=
  [ -n "$latency" ] && metrics="\"latency_ms\":$latency"
  [ -n "$cpu" ] && metrics="${metrics:+$metrics,}\"cpu\":$cpu"
  [ -n "$memory" ] && metrics="${metrics:+$metrics,}\"memory\":$memory"
  [ -n "$traffic" ] && metrics="${metrics:+$metrics,}\"bytes_in\":${traffic% *},\"bytes_out\":${traffic#* }"
  body="{\"os\":\"$(json_text "$os_name")\",\"firmware\":\"$(json_text "$firmware")\""
  [ -n "$ip" ] && body="$body,\"ip\":\"$ip\""
  [ -n "$metrics" ] && body="$body,\"metrics\":{$metrics}"
  body="$body}"
}

run() {
  read_fixed
  cpu_prev= net_prev= latency= said= failures=0
  beat_body
  pause 1
  [ "$once" = 1 ] || say "sending heartbeats of device $device_id to $url every $every s"
  while [ "$stopping" = 0 ]; do
    renew_if_due
    beat_body
    call "/devices/$device_id/heartbeat" "$secret" "$body"
    [ "$stopping" = 1 ] && break
    wait_s=$every
    latency=
    [ "$code" != 000 ] && latency=$(echo "$took" | awk '{ v = $1 * 1000; if (v > 60000) v = 60000; printf "%.1f", v }')
    case $code in
      202) line="waiting for approval: the device shows as pending in the console until someone approves it" ;;
      2??) line="heartbeats accepted"; failures=0 ;;
      401) refused ;;
      000 | 429 | 5*) backoff
        line="no heartbeat taken ($code: $message); trying again after a pause" ;;
      *) [ "$every" -gt 120 ] || wait_s=120
        line="the console refused the heartbeat ($code: $message); trying again every $wait_s s" ;;
    esac
    [ "$line" = "$said" ] || say "$line"
    said=$line
    if [ "$once" = 1 ]; then
      case $code in 2??) exit 0 ;; *) exit 1 ;; esac
    fi
    pause "$wait_s"
  done
}

main() {
  url= key= name= serial= state= every=30 once=0 firmware= stopping=0 child=
  case ${1-} in enroll | run) shift ;; esac
  while [ $# -gt 0 ]; do
    case $1 in
      --once) once=1; shift; continue ;;
      -h | --help) usage; exit 0 ;;
      --url | --key | --name | --serial | --state | --every | --firmware)
        [ $# -ge 2 ] || { say "$1 needs a value"; usage; exit 2; } ;;
      *) say "unknown option $1"; usage; exit 2 ;;
    esac
    case $1 in
      --url) url=${2%/} ;; --key) key=$2 ;; --name) name=$2 ;; --serial) serial=$2 ;;
      --state) state=$2 ;; --every) every=$2 ;; --firmware) firmware=$2 ;;
    esac
    shift 2
  done
  case $every in '' | *[!0-9]*) say "--every takes whole seconds"; exit 2 ;; esac
  [ "$every" -ge 1 ] || every=1
  command -v curl >/dev/null 2>&1 || { say "this agent needs curl"; exit 1; }
  [ -n "$state" ] || state="${XDG_CONFIG_HOME:-${HOME:-/root}/.config}/edgeline-agent/credential.json"
  umask 077
  tmp=$(mktemp -d 2>/dev/null) || { tmp="${TMPDIR:-/tmp}/edgeline-agent.$$"; mkdir -m 700 "$tmp" || exit 1; }
  trap 'rm -rf "$tmp"' EXIT
  trap 'stopping=1; [ -n "$child" ] && kill "$child" 2>/dev/null' TERM INT HUP
  if [ -r "$state" ] && { [ -z "$url" ] || [ "$(json_get url "$(tr -d '\n' <"$state")")" = "$url" ]; }; then
    load_state
  else
    [ -n "$url" ] && [ -n "$key" ] || { say "no state file at $state: enroll with --url and --key"; usage; exit 2; }
    case $url in http://* | https://*) ;; *) say "--url must be an http or https address"; exit 2 ;; esac
    case $key in enk_*) ;; *) say "--key takes an enrollment key (enk_...)"; exit 2 ;; esac
    enroll
  fi
  run
  exit 0
}

main "$@"
