#!/usr/bin/env bash
# Lip-sync from a photo: the face in PHOTO speaks AUDIO.
# usage: lipsync-photo.sh PHOTO AUDIO [OUT_DIR]
source "$(dirname "$0")/lib.sh"
photo=${1:?usage: lipsync-photo.sh PHOTO AUDIO [OUT_DIR]}
audio=${2:?usage: lipsync-photo.sh PHOTO AUDIO [OUT_DIR]}
out=${3:-.}

photo_url=$(upload "$photo")
audio_url=$(upload "$audio")
request=$(jq -n --arg photo "$photo_url" --arg audio "$audio_url" \
  '{reference_file_url: $photo, audio_url: $audio, reference_file_type: "image", model: "standard_v1"}')
task_id=$(create /v1/video_generation "$request")
echo "task $task_id" >&2

record=$(wait_for "/v1/video_generation/$task_id")
download "$(jq -r .video_url <<<"$record")" "$out/lipsync-$task_id.mp4"
