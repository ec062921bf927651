import type { JobKind } from '@family/shared/jobs';

/** One takeout import, run by the media worker in a lane of its own; keyed by the import's id. */
export const TAKEOUT_IMPORT: JobKind = { name: 'takeout-import', retryLimit: 1, retryDelaySeconds: 10 };

export interface TakeoutImportJob {
  importId: number;
}

/** Where the uploaded ZIP waits for the worker (removed when the import ends). */
export const importKey = (uuid: string) => `imports/${uuid}.zip`;
