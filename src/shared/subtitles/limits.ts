// Bounds on a subtitle file a job may name (docs/api.md "Subtitle limits"): shared so the request schema can state them
// to generated clients; the service checks them on the file itself (main/requests/subtitle-limits.ts).

/** About a minute of speech: far more than a subtitle line holds, small enough that one line's audio stays a few MB. */
export const MAX_CUE_CHARACTERS = 1_000;
/** Two hours of media at one cue every 0.7 s: more than any real subtitle file has. */
export const MAX_CUES = 10_000;
/** Every cue at its limit in 2-byte UTF-8 still fits; a larger file cannot pass the checks above, so it is not read. */
export const MAX_SUBTITLE_BYTES = 24 * 1024 * 1024;
