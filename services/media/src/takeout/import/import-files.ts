/**
 * The temporary folders of an import's ZIP, in the media service (the upload) and its worker (the job): each
 * removes what a killed process of either left when it starts.
 */
export const TAKEOUT_TEMP_PREFIX = 'family-takeout-';

/** Where the uploaded ZIP waits for the worker (removed when the import ends). */
export const importKey = (uuid: string) => `imports/${uuid}.zip`;
