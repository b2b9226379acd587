// Pure: which form field an API error concerns, so its message is shown next to that field.

/** Fields an error code is about when its message names none. */
const FIELD_OF_CODE: Record<string, string> = {
  invalid_subtitle: 'subtitle_url',
  media_too_long: 'media_url',
  too_many_glossaries: 'glossary_ids',
  unsupported_media: 'media_url',
  unsupported_language: 'target_language',
  no_audio: 'media_url',
};

/**
 * The field an error belongs to: the first of `fields` its message names (API messages start with or quote the
 * field), else the usual field of its code if the form has it, else `form` (shown above the submit button).
 */
export function fieldForError(code: string, message: string, fields: readonly string[]): string {
  let best: { field: string; at: number } | undefined;
  for (const field of fields) {
    const match = new RegExp(`(^|[^a-z_.])${field.replace(/\./g, '\\.')}(?![a-z_])`).exec(message);
    if (match && (!best || match.index < best.at)) best = { field, at: match.index };
  }
  if (best) return best.field;
  const usual = FIELD_OF_CODE[code];
  if (usual && fields.includes(usual)) return usual;
  // A lip-sync or visual-translate form names its media differently.
  if (usual === 'media_url') {
    const media = fields.find((field) => ['reference_file_url', 'video_url'].includes(field));
    if (media) return media;
  }
  return 'form';
}
