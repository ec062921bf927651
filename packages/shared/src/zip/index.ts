export {
  type CheckedZip,
  GEDZIP_LIMITS,
  looksLikeZip,
  openCheckedZip,
  ZIP_BOMB,
  type ZipEntry,
  type ZipLimits,
  ZipRefusedError,
  zipRefusalOf,
} from './zip-reader';
