/** The media queue's job that removes expired uploads: its lane is opened with the others (services/media-jobs.ts). */
export { EXPIRE_UPLOADS } from '../services/media-jobs';
