import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { fileTooLargeMessage } from '@family/contract';
import type { ObjectStorage } from '@family/shared/storage';
import { readMultipart, storeUpload, storeUploadFromFile } from '@family/shared/uploads';
import { type DeclaredFile, SNIFF_BYTES, sniffKind, type SniffedKind } from '../processing/sniff';

/** "File size must be less than 10 GB": the sentence of both upload routes (and the web app's own check). */
export function tooLargeMessage(maxMegabytes: number): string {
  return fileTooLargeMessage(maxMegabytes * 1024 * 1024);
}
/** Form fields (type, title, description, content, ...) around the file: generous, but bounded. */
const FIELDS_ALLOWANCE = 1024 * 1024;
const LIMITS = { fields: 20, parts: 30, fieldSize: 100 * 1024, fieldNameSize: 100 };
const NOT_MULTIPART = 'Please send the upload as a form with a file (multipart/form-data).';
/** Field names the file may come under: `file` (docs/api.md), `image` for a post's picture. */
const FILE_FIELDS = new Set(['file', 'image']);

/** A file now in storage under `key`, with what was learned while it streamed through. */
export interface ReceivedFile {
  key: string;
  size: number;
  sha256: string;
  sniffed: SniffedKind | null;
  declared: DeclaredFile;
}

export interface ReceivedUpload {
  fields: Map<string, string>;
  file: ReceivedFile | null;
}

export interface StoreFileOptions {
  storage: ObjectStorage;
  /** MAX_UPLOAD_MB: the largest file taken. */
  maxMegabytes: number;
  /** A fresh storage key, made by the service. */
  newKey: () => string;
}

export interface ReceiveOptions extends StoreFileOptions {
  /**
   * Called once the file's first bytes are sniffed, with the fields that came before the file. Throws to refuse
   * the file at once (a wrong kind), so a refused file is not read to its end.
   */
  onSniffed: (sniffed: SniffedKind | null, declared: DeclaredFile, fieldsSoFar: ReadonlyMap<string, string>) => void;
}

/**
 * Streams a media upload straight into storage with the shared upload toolkit: the file is never held whole in
 * memory or on a temp disk; its size is capped, its sha256 computed and its kind sniffed as it flows. The fields
 * may come before or after the file; they are all returned for the caller to check. On any failure nothing is
 * left in storage and the error is thrown.
 */
export async function receiveUpload(req: IncomingMessage, options: ReceiveOptions): Promise<ReceivedUpload> {
  const { fields, file } = await readMultipart(req, {
    limits: LIMITS,
    notMultipartMessage: NOT_MULTIPART,
    maxBody: {
      bytes: options.maxMegabytes * 1024 * 1024 + FIELDS_ALLOWANCE,
      message: tooLargeMessage(options.maxMegabytes),
    },
    // Browsers send an empty, nameless part for a file input left empty: that is no file.
    takeFile: (part, fieldsSoFar) =>
      FILE_FIELDS.has(part.field) && part.fileName
        ? storeMediaFile(
            part.stream,
            { fileName: part.fileName, mimeType: part.mimeType },
            options,
            (sniffed, declared) => options.onSniffed(sniffed, declared, fieldsSoFar),
          )
        : null,
    discard: (received) => options.storage.delete(received.key),
  });
  return { fields, file: file ?? null };
}

/**
 * Streams one file into storage under a new key, counting its size against the limit, computing its sha256 and
 * sniffing its kind from the first bytes (`onSniffed` may throw to refuse it at once). Both upload routes store
 * their files here: the multipart form's file as it arrives, a finished resumable upload from its store.
 */
export async function storeMediaFile(
  stream: Readable,
  declared: DeclaredFile,
  options: StoreFileOptions,
  onSniffed: (sniffed: SniffedKind | null, declared: DeclaredFile) => void = () => undefined,
): Promise<ReceivedFile> {
  const stored = await storeUpload(options.storage, options.newKey(), stream, mediaGate(declared, options, onSniffed));
  return {
    key: stored.key,
    size: stored.size,
    sha256: stored.sha256,
    sniffed: stored.inspected,
    declared,
  };
}

/**
 * A finished resumable upload's file on disk into storage as storeMediaFile stores a stream, but linked into place
 * where storage is a folder on the same disk (ObjectStorage.linkFile), so its bytes are read once and not written
 * again. The file stays where it is.
 */
export async function storeMediaFileFrom(
  file: string,
  declared: DeclaredFile,
  options: StoreFileOptions,
  knownSha256: string | null = null,
): Promise<ReceivedFile> {
  const gate = mediaGate(declared, options);
  const stored = await storeUploadFromFile(options.storage, options.newKey(), file, gate, knownSha256);
  return { key: stored.key, size: stored.size, sha256: stored.sha256, sniffed: stored.inspected, declared };
}

function mediaGate(
  declared: DeclaredFile,
  options: StoreFileOptions,
  onSniffed: (sniffed: SniffedKind | null, declared: DeclaredFile) => void = () => undefined,
) {
  return {
    maxBytes: options.maxMegabytes * 1024 * 1024,
    tooLargeMessage: tooLargeMessage(options.maxMegabytes),
    headBytes: SNIFF_BYTES,
    inspect: async (head: Buffer) => {
      const sniffed = await sniffKind(head, declared);
      onSniffed(sniffed, declared);
      return sniffed;
    },
  };
}
