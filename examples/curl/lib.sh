#!/usr/bin/env bash
# Shared by the curl examples: where DubDesk is, the key, and the three steps of every job: upload, wait, download.
# Needs bash, curl and jq.
set -euo pipefail

DUBDESK_URL="${DUBDESK_URL:-http://127.0.0.1:7860}"
: "${DUBDESK_API_KEY:?Set DUBDESK_API_KEY to an API key: dubdesk keys create --name scripts (or the Settings page).}"
# How long a job may take before the script gives up (it keeps running in DubDesk).
DUBDESK_TIMEOUT="${DUBDESK_TIMEOUT:-1800}"

# api METHOD PATH [curl options...]: prints the JSON answer; an error answer prints "code: message" and exits 1.
api() {
  local method=$1 path=$2 answer status
  shift 2
  answer=$(curl -sS -X "$method" -H "Authorization: Bearer $DUBDESK_API_KEY" -w '\n%{http_code}' "$@" "$DUBDESK_URL$path")
  status=${answer##*$'\n'}
  answer=${answer%$'\n'*}
  if [ "$status" -ge 400 ]; then
    jq -r '"\(.code): \(.message)"' <<<"$answer" >&2 2>/dev/null || echo "HTTP $status from $method $path" >&2
    exit 1
  fi
  printf '%s\n' "$answer"
}

# create PATH JSON: creates a job, prints its task_id.
create() {
  api POST "$1" -H 'Content-Type: application/json' --data-binary "$2" | jq -r .task_id
}

# upload FILE: streams the file to POST /v1/files, prints the URL to put in a *_url field.
upload() {
  # -T streams from disk (--data-binary @file would read it all into memory first).
  api POST /v1/files -T "$1" -H 'Content-Type: application/octet-stream' -H "X-File-Name: $(basename "$1")" | jq -r .url
}

# wait_for STATUS_PATH: polls a status route until the job is done (prints its record) or failed (exits 1).
wait_for() {
  local record status deadline=$((SECONDS + DUBDESK_TIMEOUT))
  while :; do
    record=$(api GET "$1")
    status=$(jq -r .status <<<"$record")
    case "$status" in
      done) printf '%s\n' "$record"; return 0 ;;
      failed) jq -r '"failed: \(.err_code): \(.err_message)"' <<<"$record" >&2; exit 1 ;;
    esac
    if [ "$SECONDS" -ge "$deadline" ]; then echo "still $status after ${DUBDESK_TIMEOUT}s: $1" >&2; exit 1; fi
    echo "$status $(jq -r '(.progress * 100 | floor | tostring) + "%"' <<<"$record")" >&2
    sleep 2
  done
}

# download URL FILE: result URLs carry a token, so no key is needed.
download() {
  mkdir -p "$(dirname "$2")"
  curl -sS --fail -o "$2" "$1"
  echo "$2"
}
