#!/usr/bin/env bash
# Dubbing without subtitles: DubDesk transcribes VIDEO's speech in SOURCE, translates it into TARGET and dubs it.
# usage: dub-transcribed.sh VIDEO SOURCE TARGET [OUT_DIR]
source "$(dirname "$0")/lib.sh"
usage='usage: dub-transcribed.sh VIDEO SOURCE TARGET [OUT_DIR]'
video=${1:?$usage}; source_language=${2:?$usage}; target_language=${3:?$usage}; out=${4:-.}

media_url=$(upload "$video")
request=$(jq -n --arg media "$media_url" --arg source "$source_language" --arg target "$target_language" \
  '{media_type: "video", media_url: $media, source_language: $source, target_language: $target, export_type: "all"}')
task_id=$(create /v1/media/translate "$request")
echo "task $task_id" >&2

record=$(wait_for "/v1/media/translate/$task_id")
download "$(jq -r .result.video_url <<<"$record")" "$out/dubbed-$task_id.mp4"
download "$(jq -r .result.subtitle_url <<<"$record")" "$out/dubbed-$task_id.srt"
