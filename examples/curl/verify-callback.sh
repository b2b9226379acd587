#!/usr/bin/env bash
# Checks one callback delivery the way a receiver must: the HMAC-SHA256 signature over "<t>.<raw body>" with the
# signing secret, and a timestamp at most 300 s old. A shell has no web server of its own, so this verifies what
# yours saved: the raw body (byte for byte) and the X-DubDesk-Signature header. Prints the status on success.
# usage: DUBDESK_WEBHOOK_SECRET=whsec_... verify-callback.sh BODY_FILE 'X-DubDesk-Signature value'
# (the secret: `dubdesk webhook-secret`, or the Settings page)
set -euo pipefail
: "${DUBDESK_WEBHOOK_SECRET:?Set DUBDESK_WEBHOOK_SECRET: dubdesk webhook-secret prints it.}"
body=${1:?usage: verify-callback.sh BODY_FILE SIGNATURE_HEADER}
header=${2:?usage: verify-callback.sh BODY_FILE SIGNATURE_HEADER}

t=$(sed -n 's/.*t=\([0-9]*\).*/\1/p' <<<"$header")
v1=$(sed -n 's/.*v1=\([0-9a-f]*\).*/\1/p' <<<"$header")
if [ -z "$t" ] || [ -z "$v1" ]; then echo "refused: the header is not t=<seconds>,v1=<hex>" >&2; exit 1; fi
# Old signatures are refused, so a captured delivery cannot be replayed later.
age=$(( $(date +%s) - t ))
if [ "$age" -gt 300 ] || [ "$age" -lt -300 ]; then echo "refused: signed ${age}s ago" >&2; exit 1; fi
expected=$({ printf '%s.' "$t"; cat "$body"; } | openssl dgst -sha256 -hmac "$DUBDESK_WEBHOOK_SECRET" -hex | sed 's/^.*= //')
if [ "$expected" != "$v1" ]; then echo "refused: the signature does not match the body" >&2; exit 1; fi
echo "verified: $(jq -r .status "$body")"
