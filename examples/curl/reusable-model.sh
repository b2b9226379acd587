#!/usr/bin/env bash
# A reusable lip-sync model: lip-sync VIDEO to AUDIO once with precision_v1, keep the prepared face as a model,
# then make a new video of the same face from NEW_AUDIO alone (no face search the second time).
# usage: reusable-model.sh VIDEO AUDIO NEW_AUDIO [OUT_DIR]
source "$(dirname "$0")/lib.sh"
usage='usage: reusable-model.sh VIDEO AUDIO NEW_AUDIO [OUT_DIR]'
video=${1:?$usage}; audio=${2:?$usage}; new_audio=${3:?$usage}; out=${4:-.}

video_url=$(upload "$video")
audio_url=$(upload "$audio")
request=$(jq -n --arg video "$video_url" --arg audio "$audio_url" \
  '{reference_file_url: $video, audio_url: $audio, reference_file_type: "video", model: "precision_v1"}')
task_id=$(create /v1/video_generation "$request")
echo "task $task_id" >&2
record=$(wait_for "/v1/video_generation/$task_id")
download "$(jq -r .video_url <<<"$record")" "$out/lipsync-$task_id.mp4"

model_request=$(jq -n --arg task "$task_id" '{task_id: $task}')
model_id=$(api POST /v1/reusable_lipsync_models -H 'Content-Type: application/json' --data-binary "$model_request" | jq -r .model_id)
echo "reusable model $model_id" >&2

new_audio_url=$(upload "$new_audio")
request=$(jq -n --arg model "$model_id" --arg audio "$new_audio_url" '{model_id: $model, audio_url: $audio}')
task_id=$(create /v1/reusable_lipsync_model_video_generation "$request")
echo "task $task_id" >&2
record=$(wait_for "/v1/reusable_lipsync_model_video_generation/$task_id")
download "$(jq -r .video_url <<<"$record")" "$out/reused-$task_id.mp4"
