// Why a choice of the translate form is off, in words the page shows beside it.

/** Why the OCR box and a subtitle file exclude each other (the API answers conflicting_fields for both). */
// The same words with or without a box, so the page does not jump under the pointer while a box is drawn.
export const SUBTITLES_OFF_FOR_BOX =
  'A task takes a subtitle file or an OCR text box, not both: this choice is off while a ' +
  'box is drawn below; remove the box to choose subtitles.';
export const BOX_OFF_FOR_SUBTITLES =
  'The OCR text box is off while a subtitle file is chosen: the API takes either a subtitle ' +
  'file or a region to read subtitles from, not both. Choose "None" under subtitles to draw ' +
  'a box.';
export const BOX_OFF_FOR_AUDIO =
  'The OCR text box reads subtitles off the picture, so it applies only to videos (media_type video); these inputs are audio.';
