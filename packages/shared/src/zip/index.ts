export {
  type CheckedZip,
  GEDZIP_LIMITS,
  looksLikeZip,
  MAX_ZIP_RATIO,
  openCheckedZip,
  ZIP_BOMB,
  type ZipEntry,
  type ZipLimits,
  ZipRefusedError,
  zipRefusalOf,
} from './zip-reader';
