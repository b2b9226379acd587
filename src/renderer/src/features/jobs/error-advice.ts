// Pure: what a user can do about a failed task, by its err_code. The task's err_message says what happened.

const ADVICE: Record<string, string> = {
  cancelled: 'The task was cancelled. Retry it to continue from the stages that had finished.',
  download_failed: 'An input could not be downloaded. Check that the URL opens in a browser, then retry.',
  media_unreadable:
    'An input file could not be read. Re-export it (for example as H.264 MP4 or WAV) and start a new task.',
  no_audio: 'The input has no sound track. Use a file with audio, or give a separate audio file.',
  no_face_detected:
    'No face was found. Use a picture or video where one face is clearly visible and facing the camera.',
  no_speech_detected: 'No speech was heard. Check the audio, or give the speech as an SRT subtitle file.',
  no_text_detected:
    'No readable on-screen text was found. For burned-in subtitles, draw the OCR text box ' +
    'around them and check the source language, then start a new task.',
  engine_failed: 'An engine stopped unexpectedly. Retry the task; if it fails again, the log below says where.',
  out_of_disk: 'The disk is full. Free some space, then retry.',
  model_not_installed: 'A model this task needs is not installed. Install it on the Models page, then retry.',
  pipeline_unavailable: 'This DubDesk version cannot do this yet. Change the settings the message names.',
  invalid_subtitle: 'Fix the subtitle file as the message says and start a new task.',
  unsupported_media: 'Use a supported file type and start a new task.',
  media_too_long: 'Cut the input to the limit and start a new task.',
  unsupported_language: 'Choose a supported language (or a voice) and start a new task.',
  database_unavailable:
    'The service could not reach its database (or another program kept it locked). Once it is back, retry the task.',
  internal: 'Something unexpected happened inside DubDesk. Retry the task; the service log has the details.',
};

export function adviceFor(errCode: string | undefined): string {
  return (errCode && ADVICE[errCode]) ?? 'Retry the task; if it fails again, the log below says where.';
}
