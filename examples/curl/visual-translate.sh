#!/usr/bin/env bash
# Visual translate: the on-screen text of VIDEO, in SOURCE, is erased and drawn again in TARGET.
# usage: visual-translate.sh VIDEO SOURCE TARGET [OUT_DIR]
source "$(dirname "$0")/lib.sh"
usage='usage: visual-translate.sh VIDEO SOURCE TARGET [OUT_DIR]'
video=${1:?$usage}; source_language=${2:?$usage}; target_language=${3:?$usage}; out=${4:-.}

video_url=$(upload "$video")
request=$(jq -n --arg video "$video_url" --arg source "$source_language" --arg target "$target_language" \
  '{video_url: $video, source_language: $source, target_language: $target}')
task_id=$(create /v1/media/frame_translate "$request")
echo "task $task_id" >&2

record=$(wait_for "/v1/media/frame_translate/$task_id")
download "$(jq -r .result.video_url <<<"$record")" "$out/translated-$task_id.mp4"
