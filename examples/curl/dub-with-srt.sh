#!/usr/bin/env bash
# Dubbing with an SRT: VIDEO is dubbed into TARGET from SRT, the subtitles of its original speech in SOURCE
# (set SUBTITLE_USAGE=final_translated when the SRT is already the translation). Subtitles are added to the video.
# usage: dub-with-srt.sh VIDEO SRT SOURCE TARGET [OUT_DIR]
source "$(dirname "$0")/lib.sh"
usage='usage: dub-with-srt.sh VIDEO SRT SOURCE TARGET [OUT_DIR]'
video=${1:?$usage}; srt=${2:?$usage}; source_language=${3:?$usage}; target_language=${4:?$usage}; out=${5:-.}

media_url=$(upload "$video")
srt_url=$(upload "$srt")
request=$(jq -n --arg media "$media_url" --arg srt "$srt_url" --arg usage "${SUBTITLE_USAGE:-original}" \
  --arg source "$source_language" --arg target "$target_language" \
  '{media_type: "video", media_url: $media, subtitle_url: $srt, subtitle_usage_type: $usage,
    source_language: $source, target_language: $target, subtitle_mode: "add", export_type: "all"}')
task_id=$(create /v1/media/translate "$request")
echo "task $task_id" >&2

record=$(wait_for "/v1/media/translate/$task_id")
download "$(jq -r .result.video_url <<<"$record")" "$out/dubbed-$task_id.mp4"
download "$(jq -r .result.subtitle_url <<<"$record")" "$out/dubbed-$task_id.srt"
