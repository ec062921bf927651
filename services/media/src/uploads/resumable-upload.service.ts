import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  HttpException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleInit,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { MemoryLocker, Server } from '@tus/server';
import { ERRORS, type Upload } from '@tus/utils';
import type { Request, Response } from 'express';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import {
  DISK_FULL_MESSAGE,
  fileTooLargeMessage,
  UPLOAD_EXISTING_MEDIA_ID_HEADER,
  UPLOAD_EXPIRY_HOURS,
  UPLOAD_MEDIA_ID_HEADER,
  UPLOADS_PATH,
  type UploadResult,
} from '@family/contract';
import { DirectoryClient, type Identity } from '@family/shared';
import { DATA_STORE_UNAVAILABLE, isDataStoreUnavailable } from '@family/shared/nest';
import { isStorageFull, type ObjectStorage } from '@family/shared/storage';
import { drainRequest } from '@family/shared/uploads';
import type { MediaConfig } from '../config';
import { mediaTypeOf, notKeptMessage } from '../processing/sniff';
import { DuplicateUploadError } from '../repositories/media-item.repository';
import { requireAlbumToUploadInto } from '../services/album-items';
import { MediaAccessFactory } from '../services/media-access.service';
import { newMediaKey } from '../services/object-keys';
import { MEDIA_STORAGE } from '../services/storage.provider';
import { PERSON_NOT_FOUND } from '../services/tag.service';
import { MEDIA_CONFIG } from '../services/tokens';
import { type ReceivedFile, storeMediaFile, storeMediaFileFrom } from '../services/upload-receiver';
import { UploadService } from '../services/upload.service';
import { planFromMetadata, type UploadPlan } from './upload-metadata';
import { type UploadRecord, UploadRecordRepository } from './upload-record.repository';
import { createUploadStore, removeUploadBytes, type UploadStore, UploadStoreFullError } from './upload-store';

export const UPLOAD_NOT_FOUND = "This upload doesn't exist, or it has expired. Start it again.";
export const LENGTH_REQUIRED = 'Send the size of the file (Upload-Length) when the upload is made.';
export const EMPTY_FILE = 'This file is empty: there is nothing to keep.';
export const MORE_THAN_DECLARED =
  "More bytes came than the upload's size (Upload-Length) allows: the extra was refused. Ask with HEAD and go on from there.";
export const BEING_FINISHED = 'This upload is being made into an item just now. Ask again in a moment.';
const SOMETHING_WRONG = 'Something went wrong on our side. Try again shortly.';
/** An upload's id: what the naming function makes, 32 hex digits, and nothing else reaches the store. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const PATCH_CONTENT_TYPE = 'application/offset+octet-stream';

/** An answer tus sends as it is: the status, and `{statusCode, message}` as its body. */
interface TusAnswer {
  status_code: number;
  body: string;
}

function answer(status: number, message: string): TusAnswer {
  return { status_code: status, body: JSON.stringify({ statusCode: status, message }) };
}

/** Sentences for the tus library's own refusals, which speak protocol. */
function sentenceFor(status: number, text: string): string {
  if (status === 404 || status === 410) return UPLOAD_NOT_FOUND;
  if (status === 409)
    return "The upload's offset does not match what the server holds: ask with HEAD and go on from there.";
  if (/Upload-Length/i.test(text)) return LENGTH_REQUIRED;
  return text.trim() || 'The upload request is not valid.';
}

/**
 * Resumable uploads (tus 1.0) at /api/uploads (docs/architecture.md "Resumable uploads"): @tus/server over the
 * upload store, each upload a row of its member's (nobody else reaches it), its metadata checked by POST
 * /api/media's rules when it is made, and once its last byte is in, made into an item by the same UploadService
 * as POST /api/media. The final PATCH says how it ended in a header; GET .../result says it again.
 */
@Injectable()
export class ResumableUploadService implements OnModuleInit {
  private readonly logger = new Logger(ResumableUploadService.name);
  private readonly identities = new WeakMap<object, Identity>();
  /** Uploads this process is making into items: a repeated last PATCH meanwhile waits (423, which clients retry). */
  private readonly finishing = new Set<string>();
  private readonly uploadStore: UploadStore;
  /** One upload's requests one at a time, tus's and PATCH alike: a newer one stops the one holding it. */
  private readonly locker = new MemoryLocker();
  private readonly server: Server;

  constructor(
    private readonly records: UploadRecordRepository,
    private readonly uploads: UploadService,
    private readonly access: MediaAccessFactory,
    private readonly directory: DirectoryClient,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
  ) {
    this.uploadStore = createUploadStore(config);
    this.server = new Server({
      path: UPLOADS_PATH,
      datastore: this.uploadStore.store,
      locker: this.locker,
      relativeLocation: true,
      maxSize: this.maxBytes,
      namingFunction: () => randomBytes(16).toString('hex'),
      // Same origin only (the gateway refuses other sites' changes): no CORS headers at all.
      allowedOrigins: () => false,
      exposedHeaders: [UPLOAD_MEDIA_ID_HEADER, UPLOAD_EXISTING_MEDIA_ID_HEADER],
      onUploadCreate: (req, upload) => this.created(req, upload),
      onUploadFinish: (req, upload) => this.finished(this.identities.get(req)!, upload),
      onResponseError: (req, error) => this.refusal(new URL(req.url).pathname.split('/').pop() ?? '', error),
    });
  }

  private get maxBytes(): number {
    return this.config.MAX_UPLOAD_MB * 1024 * 1024;
  }

  /** A store not reachable yet (MinIO still starting) does not stop the service; the first upload tries again. */
  async onModuleInit(): Promise<void> {
    await this.uploadStore.ensureReady().catch((error: Error) => {
      this.logger.warn(`The upload store is not ready yet: ${error.message}`);
    });
  }

  /** Every tus request (POST, HEAD, PATCH, DELETE, OPTIONS) of /api/uploads and /api/uploads/{id}. */
  async handle(user: Identity, req: Request, res: Response, id: string | null): Promise<void> {
    const method = req.method;
    if (id !== null && !UPLOAD_ID.test(id)) return this.sendEarly(req, res, 404, UPLOAD_NOT_FOUND);
    if (id === null ? method !== 'POST' && method !== 'OPTIONS' : method === 'POST' || method === 'GET') {
      return this.sendEarly(req, res, 404, 'There is no such API route.');
    }
    if (id !== null && method !== 'OPTIONS') {
      const record = await this.records.find(id);
      // Another member's upload is as unknown as one that never was; so is one left unfinished for
      // UPLOAD_EXPIRY_HOURS, before the worker's hourly sweep has removed its bytes.
      if (!record || record.userId !== user.id || isExpired(record)) {
        return this.sendEarly(req, res, 404, UPLOAD_NOT_FOUND);
      }
      if (record.outcome) return this.answerFinished(req, res, record);
      // Being made into an item: HEAD, PATCH and DELETE wait for the outcome (tus clients retry 423).
      if (this.finishing.has(id)) return this.sendEarly(req, res, 423, BEING_FINISHED);
    }
    if (id !== null && method === 'PATCH') return this.patch(user, req, res, id);
    const request = new NodeRequest({ req, res });
    this.identities.set(request, user);
    let response = await this.server.handleWeb(request);
    if (method === 'DELETE' && response.status === 204 && id !== null) await this.records.delete(id);
    if (response.status >= 400) response = await asJson(response);
    await sendNodeResponse(res, response);
  }

  /**
   * PATCH: the next bytes, read from the request's Node stream straight into the upload store (tus's own PATCH
   * takes a web request, whose body adapters cost more than the write; docs/architecture.md "Resumable uploads"),
   * with the checks and answers of tus 1.0 as @tus/server gives them; the last bytes make the item.
   */
  private async patch(user: Identity, req: Request, res: Response, id: string): Promise<void> {
    const problem = patchHeaderProblem(req);
    if (problem) return this.sendEarly(req, res, problem.status, problem.message);
    const offset = Number(req.header('upload-offset'));
    const stop = new AbortController();
    const lock = this.locker.newLock(id);
    let upload: Upload;
    try {
      await this.uploadStore.ensureReady().catch(() => undefined);
      await lock.lock(stop.signal, () => stop.abort());
      try {
        upload = await this.uploadStore.store.getUpload(id);
        if (upload.offset !== offset) throw ERRORS.INVALID_OFFSET;
        const size = upload.size ?? 0;
        const length = req.header('content-length');
        // Too many bytes by the request's own word: refused before one is written.
        if (length !== undefined && offset + Number(length) > size) throw ERRORS.ERR_SIZE_EXCEEDED;
        upload.offset = await this.uploadStore.receive(req, id, offset, size - offset, stop.signal);
      } finally {
        await lock.unlock();
      }
      const finished = upload.offset === upload.size ? await this.finished(user, upload) : {};
      const cut = stop.signal.aborted || !req.complete;
      res
        .status(finished.status_code ?? 204)
        .set({
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': String(upload.offset),
          ...(cut ? { Connection: 'close' } : {}),
          ...finished.headers,
        })
        .end();
    } catch (error) {
      const refusal = (await this.refusal(id, error)) ?? tusError(error);
      this.sendEarly(req, res, refusal.status_code, messageFrom(refusal.status_code, refusal.body));
    }
  }

  /** GET /api/uploads/{id}/result */
  async result(user: Identity, id: string): Promise<UploadResult> {
    const record = UPLOAD_ID.test(id) ? await this.records.find(id) : null;
    if (!record || record.userId !== user.id || !record.outcome) throw new NotFoundException(UPLOAD_NOT_FOUND);
    if ('refusal' in record.outcome)
      throw new HttpException(record.outcome.refusal.message, record.outcome.refusal.status);
    return record.outcome;
  }

  /** Removes an unfinished upload's bytes; gone already is fine. Used by the worker's expiry too. */
  async removeBytes(id: string): Promise<void> {
    await removeUploadBytes(this.uploadStore, id);
  }

  /** The bytes of a folder store's upload, for tests of the full disk; null with MinIO. */
  filePath(id: string): string | null {
    return this.uploadStore.filePath(id);
  }

  // tus hooks ---------------------------------------------------------------------------------------------------

  /** POST: the metadata checked before any byte is sent, then the row that makes the upload the member's. */
  private async created(req: object, upload: Upload): Promise<{ metadata?: Upload['metadata'] }> {
    const user = this.identities.get(req)!;
    try {
      if (upload.sizeIsDeferred || upload.size === undefined) throw new HttpException(LENGTH_REQUIRED, 400);
      if (upload.size === 0) throw new HttpException(EMPTY_FILE, 400);
      const plan = await planFromMetadata(upload.metadata);
      await this.requirePlanAllowed(user, plan);
      await this.records.insert({
        id: upload.id,
        userId: user.id,
        size: upload.size,
        fields: plan.fields,
        taggedUserIds: plan.taggedUserIds,
      });
      return {};
    } catch (error) {
      throw this.tusAnswer(error);
    }
  }

  /**
   * The last byte is in: the file goes into object storage through the same toolkit and UploadService as a form
   * upload, and the upload's bytes are removed whatever came of it, except after a failure worth retrying (a
   * store or database away): then the client's next PATCH (HEAD shows every byte held) finishes it again.
   */
  private async finished(
    user: Identity,
    upload: Upload,
  ): Promise<{ status_code?: number; headers?: Record<string, string | number> }> {
    if (this.finishing.has(upload.id)) throw answer(423, BEING_FINISHED);
    this.finishing.add(upload.id);
    try {
      return await this.finish(user, upload);
    } finally {
      this.finishing.delete(upload.id);
    }
  }

  private async finish(
    user: Identity,
    upload: Upload,
  ): Promise<{ status_code?: number; headers?: Record<string, string | number> }> {
    const record = await this.records.find(upload.id);
    if (!record) throw answer(404, UPLOAD_NOT_FOUND);
    const declared = { fileName: upload.metadata?.filename ?? '', mimeType: upload.metadata?.filetype ?? '' };
    let file: ReceivedFile | null = null;
    let outcome: NonNullable<UploadRecord['outcome']>;
    try {
      const options = { storage: this.storage, maxMegabytes: this.config.MAX_UPLOAD_MB, newKey: () => newMediaKey() };
      // A folder store's file is read once and linked into a folder storage on the same disk, not copied.
      const onDisk = this.uploadStore.filePath(upload.id);
      file = onDisk
        ? await storeMediaFileFrom(onDisk, declared, options, this.uploadStore.takeSha256(upload.id, record.size))
        : await storeMediaFile((await this.uploadStore.store.read(upload.id)) as Readable, declared, options);
      const type = mediaTypeOf(file.sniffed, declared);
      if (!type) throw new UnsupportedMediaTypeException(notKeptMessage(file.sniffed));
      await this.requireTaggable(record.taggedUserIds);
      const fields = new Map(Object.entries({ ...record.fields, type }));
      const item = await this.uploads.save(user, fields, file, record.taggedUserIds);
      outcome = { mediaId: item.id };
    } catch (error) {
      if (file) await this.storage.delete(file.key).catch((e: Error) => this.logger.error(e.message));
      outcome = await this.outcomeOfFailure(upload.id, error);
    }
    if (!(await this.records.finish(upload.id, outcome))) {
      // Another copy of the service finished it first (its bytes reached both): its outcome is the answer.
      outcome = (await this.records.find(upload.id))?.outcome ?? outcome;
    }
    await this.removeBytes(upload.id);
    if ('refusal' in outcome) throw answer(outcome.refusal.status, outcome.refusal.message);
    return { headers: resultHeaders(outcome) };
  }

  /** A duplicate is an outcome like an item; a refusal (4xx) ends the upload; anything else is thrown on. */
  private async outcomeOfFailure(id: string, error: unknown): Promise<NonNullable<UploadRecord['outcome']>> {
    if (error instanceof DuplicateUploadError) {
      // In the trash: refused with the sentence pointing there (not 409, which tus clients take as "retry").
      return error.inTrash
        ? { refusal: { status: 422, message: error.message } }
        : { existingMediaId: error.existingId };
    }
    if (isDiskFull(error)) {
      await this.forget(id);
      throw answer(507, DISK_FULL_MESSAGE);
    }
    if (error instanceof HttpException && error.getStatus() < 500) {
      return { refusal: { status: error.getStatus(), message: messageOf(error) } };
    }
    throw error;
  }

  /** Whatever went wrong with upload `id` in tus, a PATCH or a hook, as the answer the member gets. */
  private async refusal(id: string, error: unknown): Promise<TusAnswer | undefined> {
    if (error instanceof UploadStoreFullError) {
      // Nothing partial is kept: the upload goes whole, its row too.
      if (UPLOAD_ID.test(id)) await this.forget(id);
      return answer(507, DISK_FULL_MESSAGE);
    }
    if (error === ERRORS.ERR_MAX_SIZE_EXCEEDED) return answer(413, fileTooLargeMessage(this.maxBytes));
    if (isMoreThanDeclared(error)) return answer(413, MORE_THAN_DECLARED);
    if (typeof error === 'object' && error !== null && 'status_code' in error) return undefined;
    return this.tusAnswer(error);
  }

  private tusAnswer(error: unknown): TusAnswer {
    if (typeof error === 'object' && error !== null && 'status_code' in error && 'body' in error) {
      return error as TusAnswer;
    }
    if (error instanceof HttpException) return answer(error.getStatus(), messageOf(error));
    if (isDataStoreUnavailable(error)) return answer(503, DATA_STORE_UNAVAILABLE);
    this.logger.error(`Resumable upload: ${(error as Error)?.stack ?? String(error)}`);
    return answer(500, SOMETHING_WRONG);
  }

  private async forget(id: string): Promise<void> {
    await this.removeBytes(id).catch((e: Error) => this.logger.error(`Upload ${id}: ${e.message}`));
    await this.records.delete(id);
  }

  // rules ---------------------------------------------------------------------------------------------------------

  /** Album and tags as POST /api/media and tagging would allow them, before any byte is sent. */
  private async requirePlanAllowed(user: Identity, plan: UploadPlan): Promise<void> {
    const albumId = plan.fields.albumId;
    if (albumId !== undefined && /^\d+$/.test(albumId.trim())) {
      await requireAlbumToUploadInto(this.access.for(user.id), Number(albumId));
    }
    await this.requireTaggable(plan.taggedUserIds);
  }

  /** Everyone to tag is a person of the archive; the uploader may tag anyone on their own item. */
  private async requireTaggable(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const people = await this.directory.lookup([...ids]);
    if (ids.some((id) => !people.has(id))) throw new NotFoundException(PERSON_NOT_FOUND);
  }

  // answers -------------------------------------------------------------------------------------------------------

  /** A finished upload: HEAD shows every byte held and the outcome, a repeated last PATCH gets the same answer. */
  private answerFinished(req: Request, res: Response, record: UploadRecord): void {
    const outcome = record.outcome!;
    if ('refusal' in outcome) {
      return this.sendEarly(req, res, req.method === 'PATCH' ? outcome.refusal.status : 404, outcome.refusal.message);
    }
    if (req.method === 'DELETE') {
      drainRequest(req);
      res.status(204).set({ 'Tus-Resumable': '1.0.0' }).end();
      return;
    }
    drainRequest(req);
    res
      .status(req.method === 'HEAD' ? 200 : 204)
      .set({
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(record.size),
        'Upload-Length': String(record.size),
        'Cache-Control': 'no-store',
        ...resultHeaders(outcome),
      })
      .end();
  }

  private sendEarly(req: Request, res: Response, status: number, message: string): void {
    drainRequest(req);
    res.status(status).set('Tus-Resumable', '1.0.0').json({ statusCode: status, message });
  }
}

/** Unfinished and older than UPLOAD_EXPIRY_HOURS: gone for the member, whether or not its bytes are yet. */
export function isExpired(record: UploadRecord, now = Date.now()): boolean {
  return !record.outcome && now - record.createdAt.getTime() >= UPLOAD_EXPIRY_HOURS * 3600_000;
}

/**
 * A PATCH with more bytes than the upload has left: said by its Content-Length (ERR_SIZE_EXCEEDED, before any byte
 * is written), or found on the way in a body without one (the library's stream limiter: an error of its own class,
 * not exported, with the same 413 and body as ERR_MAX_SIZE_EXCEEDED, which is the limit of POST).
 */
function isMoreThanDeclared(error: unknown): boolean {
  if (error === ERRORS.ERR_SIZE_EXCEEDED) return true;
  return (
    error !== ERRORS.ERR_MAX_SIZE_EXCEEDED &&
    error instanceof Error &&
    (error as { status_code?: unknown }).status_code === 413 &&
    (error as { body?: unknown }).body === ERRORS.ERR_MAX_SIZE_EXCEEDED.body
  );
}

function resultHeaders(outcome: UploadResult): Record<string, string> {
  return 'mediaId' in outcome
    ? { [UPLOAD_MEDIA_ID_HEADER]: String(outcome.mediaId) }
    : { [UPLOAD_EXISTING_MEDIA_ID_HEADER]: String(outcome.existingMediaId) };
}

function isDiskFull(error: unknown): boolean {
  return isStorageFull(error) || (error instanceof HttpException && error.getStatus() === 507);
}

function messageOf(error: HttpException): string {
  const body = error.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  return Array.isArray(message) ? String(message[0]) : String(message ?? error.message);
}

/**
 * What tus 1.0 asks of a PATCH's headers before anything else, as @tus/server checks them: the status and sentence
 * of the first one missing or wrong, else null.
 */
function patchHeaderProblem(req: Request): { status: number; message: string } | null {
  const resumable = req.header('tus-resumable');
  if (resumable === undefined) return { status: 412, message: 'Send the header Tus-Resumable: 1.0.0.' };
  if (resumable !== '1.0.0') return { status: 400, message: 'The header Tus-Resumable must be 1.0.0.' };
  const offset = req.header('upload-offset');
  if (offset === undefined) return { status: 403, message: 'Send the offset of these bytes (Upload-Offset).' };
  if (!/^(0|[1-9]\d*)$/.test(offset) || !Number.isSafeInteger(Number(offset))) {
    return { status: 400, message: 'Upload-Offset must be a whole number of bytes.' };
  }
  const type = req.header('content-type');
  if (type === undefined) return { status: 403, message: `Send the bytes as ${PATCH_CONTENT_TYPE} (Content-Type).` };
  if (type !== PATCH_CONTENT_TYPE) return { status: 400, message: `Content-Type must be ${PATCH_CONTENT_TYPE}.` };
  // The length was said when the upload was made (no deferred lengths here).
  if (req.header('upload-length') !== undefined) return { status: 400, message: LENGTH_REQUIRED };
  return null;
}

/** An error thrown by tus or the store as tus would answer it: its own status and body, else 500. */
function tusError(error: unknown): TusAnswer {
  if (typeof error === 'object' && error !== null && 'status_code' in error && 'body' in error) {
    return { status_code: Number(error.status_code), body: String(error.body) };
  }
  return { status_code: 500, body: SOMETHING_WRONG };
}

/** The sentence of an answer's body: a `{message}` of our own, or tus's plain text made a sentence. */
function messageFrom(status: number, text: string): string {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // plain text from tus itself
  }
  return typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
    ? (body as { message: string }).message
    : sentenceFor(status, text);
}

/** tus answers its refusals in plain text: every refusal goes out as `{statusCode, message}`. */
async function asJson(response: globalThis.Response): Promise<globalThis.Response> {
  const message = messageFrom(response.status, await response.text());
  const json = JSON.stringify({ statusCode: response.status, message });
  const headers = new Headers(response.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.set('Content-Length', String(Buffer.byteLength(json)));
  return new globalThis.Response(json, { status: response.status, headers });
}
