import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MediaProcessing, MediaType } from '@family/contract';

/** One photo, video, recording, document or post. Its file (if any) lives in object storage under `objectKey`. */
@Entity({ name: 'media_items' })
export class MediaItemEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id!: number;

  /** The uploader. */
  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @Column({ type: 'varchar', length: 16 })
  type!: MediaType;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** A calendar date, 'YYYY-MM-DD': the day itself, or the middle of an uncertain date's span, where it sorts. */
  @Column({ name: 'media_date', type: 'date' })
  mediaDate!: string;

  /**
   * An uncertain date as genealogical text (`ABT 1955`, `BET 1950 AND 1959`), with its earliest and latest day
   * (null for an open end); all three null for an exact day (docs/product.md "Uncertain dates").
   */
  @Column({ name: 'date_text', type: 'varchar', length: 100, nullable: true, default: null })
  dateText!: string | null;

  @Column({ name: 'date_earliest', type: 'date', nullable: true, default: null })
  dateEarliest!: string | null;

  @Column({ name: 'date_latest', type: 'date', nullable: true, default: null })
  dateLatest!: string | null;

  /** Where it was taken, "Paris, France": from the photo's GPS, or written by a person (docs/product.md "Places"). */
  @Column({ type: 'varchar', length: 200, nullable: true, default: null })
  place!: string | null;

  /** The photo's GPS position the place was found from; null without one. */
  @Column({ type: 'double precision', nullable: true, default: null })
  latitude!: number | null;

  @Column({ type: 'double precision', nullable: true, default: null })
  longitude!: number | null;

  /** A person wrote the place: preparing the item again keeps it. */
  @Column({ name: 'place_given', type: 'boolean', default: false })
  placeGiven!: boolean;

  /** The one album it is in; the album lives in the albums service, so no foreign key. */
  @Column({ name: 'album_id', type: 'int', nullable: true })
  albumId!: number | null;

  @Column({ name: 'website_url', type: 'varchar', length: 2000, nullable: true })
  websiteUrl!: string | null;

  @Column({ type: 'text', nullable: true })
  content!: string | null;

  /** Made by the service; null for a post without an image. */
  @Column({ name: 'object_key', type: 'varchar', length: 512, nullable: true })
  objectKey!: string | null;

  /** The kind sniffed from the file's first bytes, never the one the browser claimed. */
  @Column({ name: 'content_type', type: 'varchar', length: 255, nullable: true })
  contentType!: string | null;

  /** The name the file had on the uploader's device, only for Content-Disposition. */
  @Column({ name: 'file_name', type: 'varchar', length: 255, nullable: true })
  fileName!: string | null;

  @Column({
    name: 'file_size',
    type: 'bigint',
    nullable: true,
    transformer: { to: (v) => v, from: (v) => (v === null ? null : Number(v)) },
  })
  fileSize!: number | null;

  @Column({ type: 'char', length: 64, nullable: true })
  sha256!: string | null;

  /** Whether the worker has made the item's pictures and playback file (docs/architecture.md "Media worker"). */
  @Column({ type: 'varchar', length: 8, default: 'pending' })
  processing!: MediaProcessing;

  /** Why preparing failed, as a sentence for the family. */
  @Column({ name: 'processing_error', type: 'text', nullable: true })
  processingError!: string | null;

  /** As shown: after EXIF orientation or a video's rotation. */
  @Column({ type: 'int', nullable: true })
  width!: number | null;

  @Column({ type: 'int', nullable: true })
  height!: number | null;

  @Column({ name: 'duration_seconds', type: 'double precision', nullable: true })
  durationSeconds!: number | null;

  /** The type of the playback file the worker made (video/mp4, audio/mp4); null when the original plays. */
  @Column({ name: 'playback_type', type: 'varchar', length: 64, nullable: true })
  playbackType!: string | null;

  /** When the derivatives were last made: names them in ETags, since a reprocess writes them again. */
  @Column({ name: 'prepared_at', type: 'timestamptz', nullable: true })
  preparedAt!: Date | null;

  /** The upload made the thumbnail itself: it is shown while the rest is still pending. */
  @Column({ name: 'thumbnail_ready', type: 'boolean', default: false })
  thumbnailReady!: boolean;

  /** The uploader (or an editor) chose mediaDate: the worker does not replace it with the recording date. */
  @Column({ name: 'date_given', type: 'boolean', default: true })
  dateGiven!: boolean;

  /** `<archiveId>:<item id there>` for an item a takeout import brought in; unique per uploader. */
  @Column({ name: 'import_source', type: 'varchar', length: 200, nullable: true, default: null })
  importSource!: string | null;

  /** The type of the playable motion the worker made of a Motion or Live Photo (video/mp4); null when none. */
  @Column({ name: 'motion_type', type: 'varchar', length: 64, nullable: true, default: null })
  motionType!: string | null;

  /** The Apple content identifier of a Live Photo's still or MOV: pairs the two (unique per uploader). */
  @Column({ name: 'live_id', type: 'varchar', length: 100, nullable: true, default: null })
  liveId!: string | null;

  /** A Live Photo's MOV, kept as the item's second original: its key, sniffed type, name, size and sha256. */
  @Column({ name: 'motion_object_key', type: 'varchar', length: 512, nullable: true, default: null })
  motionObjectKey!: string | null;

  @Column({ name: 'motion_content_type', type: 'varchar', length: 255, nullable: true, default: null })
  motionContentType!: string | null;

  @Column({ name: 'motion_file_name', type: 'varchar', length: 255, nullable: true, default: null })
  motionFileName!: string | null;

  @Column({
    name: 'motion_file_size',
    type: 'bigint',
    nullable: true,
    default: null,
    transformer: { to: (v) => v, from: (v) => (v === null ? null : Number(v)) },
  })
  motionFileSize!: number | null;

  @Column({ name: 'motion_sha256', type: 'char', length: 64, nullable: true, default: null })
  motionSha256!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** When it went to the trash (docs/product.md "Trash"); null while it is in the archive. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  /** Who put it in the trash: they may restore it or delete it for good, as the uploader may. */
  @Column({ name: 'deleted_by', type: 'int', nullable: true })
  deletedBy!: number | null;
}
