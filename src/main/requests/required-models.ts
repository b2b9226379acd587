/** Catalogue ids of the models a request needs (src/main/models/catalogue.ts). */
export const PRECISION_LIPSYNC_MODEL = 'wav2lip-gan-96';
