import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ObjectStorage } from '@family/shared/storage';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { extractEmbeddedClip, renderMotion } from '../motion/motion-rendition';
import { DERIVATIVE_TYPE, derivePhoto, deriveVideoPoster, type PictureDerivatives } from '../processing/derive';
import { MediaProcessingError } from '../processing/processing-error';
import { photoPosition } from '../processing/photo-position';
import { probeMedia } from '../processing/probe';
import { nearestCity } from '../places/nearest-city';
import { transcodeAudio, transcodeVideo } from '../processing/transcode';
import type { PreparedFacts } from '../repositories/processing.repository';
import { type Derivative, derivativeKey } from '../services/object-keys';
import { MEDIA_STORAGE } from '../services/storage.provider';

/** Each run works in a folder of its own, named with the worker's pid so a later worker can clear a dead one's. */
const WORK_DIR_PREFIX = 'family-media-';

/**
 * Makes an item's derivatives with the processing toolkit (services/media/src/processing): the original is copied
 * from storage to a work folder, probed, and its thumbnail, preview and playback file are put into storage under
 * the item's derivative keys. Throws MediaProcessingError when the file itself is the trouble (damaged, too slow);
 * anything else (storage or database away) is worth another try.
 */
@Injectable()
export class MediaPreparer {
  private readonly logger = new Logger(MediaPreparer.name);

  constructor(@Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage) {}

  async prepare(item: MediaItemEntity): Promise<PreparedFacts> {
    const dir = await mkdtemp(join(tmpdir(), `${WORK_DIR_PREFIX}${process.pid}-`));
    try {
      const original = join(dir, 'original');
      await pipeline(await this.storage.get(item.objectKey!), createWriteStream(original));
      const contentType = item.contentType!;
      const probe = await probeMedia(original, contentType);
      let playbackType: string | null = null;
      let motionType: string | null = null;
      let position: PreparedFacts['position'] = null;
      if (probe.kind === 'photo') {
        await this.putPictures(item.id, await derivePhoto(original, contentType, dir));
        motionType = await this.prepareMotion(item, original, dir);
        position = await this.placeOf(item, original, contentType);
      } else if (probe.kind === 'video') {
        await this.putPictures(item.id, await deriveVideoPoster(original, probe, dir));
        if (!probe.playsInBrowser) {
          const playback = await transcodeVideo(original, join(dir, 'playback.mp4'), probe);
          await this.put(item.id, 'playback-video', playback.path, playback.contentType);
          playbackType = playback.contentType;
        }
      } else if (!probe.playsInBrowser) {
        const playback = await transcodeAudio(original, join(dir, 'playback.m4a'), probe);
        await this.put(item.id, 'playback-audio', playback.path, playback.contentType);
        playbackType = playback.contentType;
      }
      return {
        width: probe.width,
        height: probe.height,
        durationSeconds: probe.durationSeconds,
        playbackType,
        recordedOn: probe.recordedOn,
        motionType,
        position,
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** A photo's GPS as a place name, found offline (docs/architecture.md "Places"); a position not on Earth is ignored. */
  private async placeOf(
    item: MediaItemEntity,
    original: string,
    contentType: string,
  ): Promise<PreparedFacts['position']> {
    const position = await photoPosition(original, contentType);
    if (position === 'outOfRange') {
      this.logger.warn(`Media item ${item.id}: its GPS position is not on Earth, so it was ignored`);
      return null;
    }
    return position && { ...position, place: nearestCity().nameOf(position) };
  }

  /**
   * Clears up after workers that were killed on this machine (their pid is gone): the ffmpeg they started runs on
   * without them, converting for nobody, so it is stopped; then their work folder is removed.
   */
  async clearAbandonedWorkDirs(): Promise<void> {
    const root = tmpdir();
    for (const name of await readdir(root).catch(() => [] as string[])) {
      if (!name.startsWith(WORK_DIR_PREFIX)) continue;
      const pid = Number(name.slice(WORK_DIR_PREFIX.length).split('-')[0]);
      if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)) {
        const dir = join(root, name);
        for (const orphan of await processesReading(dir)) process.kill(orphan, 'SIGKILL');
        await rm(dir, { recursive: true, force: true });
        this.logger.log(`Removed ${name}, left by a worker that stopped`);
      }
    }
  }

  /**
   * The motion of a Live Photo (its MOV) or a Motion Photo (the clip inside the still), once the still is made. A
   * damaged clip leaves the photo without motion rather than failing it: the still is the item's picture.
   */
  private async prepareMotion(item: MediaItemEntity, original: string, dir: string): Promise<string | null> {
    const clip = join(dir, 'motion-clip');
    if (item.motionObjectKey) {
      await pipeline(await this.storage.get(item.motionObjectKey), createWriteStream(clip));
    } else if (!(await extractEmbeddedClip(original, item.contentType!, clip))) {
      return null;
    }
    try {
      const motion = await renderMotion(clip, join(dir, 'motion.mp4'));
      await this.put(item.id, 'motion', motion.path, motion.contentType);
      return motion.contentType;
    } catch (error) {
      if (!(error instanceof MediaProcessingError)) throw error;
      this.logger.warn(`Media item ${item.id} shows without its motion: ${error.message} ${error.detail ?? ''}`.trim());
      return null;
    }
  }

  private async putPictures(mediaId: number, pictures: PictureDerivatives): Promise<void> {
    await this.put(mediaId, 'thumbnail', pictures.thumbnail.path, DERIVATIVE_TYPE);
    await this.put(mediaId, 'preview', pictures.preview.path, DERIVATIVE_TYPE);
  }

  private async put(mediaId: number, derivative: Derivative, path: string, contentType: string): Promise<void> {
    await this.storage.put(derivativeKey(mediaId, derivative), createReadStream(path), { contentType });
  }
}

/** Processes whose command line names a file in `dir` (Linux /proc; elsewhere none are found). */
async function processesReading(dir: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const commandLine = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes(`${dir}/`)) found.push(Number(entry));
  }
  return found;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
