export {
  drainRequest,
  type FilePart,
  INTERRUPTED_UPLOAD,
  type MultipartLimits,
  type MultipartOptions,
  type MultipartUpload,
  readMultipart,
  TOO_MANY_FIELDS,
  TOO_MANY_PARTS,
  UNREADABLE_UPLOAD,
} from './multipart';
export { SNIFF_BYTES, type SniffedType, sniffFileType } from './sniff';
export { STORAGE_UNAVAILABLE, storeUpload, storeUploadFromFile, type StoredUpload } from './store-upload';
export { UploadGate, type UploadGateOptions } from './upload-gate';
export { receiveToTempFile, type TempUpload, type TempUploadOptions } from './receive-to-temp';
export { makeTempFolder, removeLeftTempFolders } from './temp-folder';
