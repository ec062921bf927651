import type { JobKind } from '@family/shared/jobs';

/** The media queue's job that removes expired uploads: one at a time whichever worker takes it (its key). */
export const EXPIRE_UPLOADS: JobKind = { name: 'expire-uploads', retryLimit: 1, retryDelaySeconds: 60 };
