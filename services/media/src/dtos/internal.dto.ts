import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import type { AlbumSummariesRequest, MergeTagsRequest, NewAccountTagsRequest } from '@family/contract';
import { IsId } from '@family/shared';

/** POST /internal/albums/summaries */
export class AlbumSummariesDto implements AlbumSummariesRequest {
  @ArrayMaxSize(1000, { message: 'Ask for at most 1000 albums at once' })
  @IsId({ each: true, message: 'albumIds must be album ids' })
  @IsArray({ message: 'albumIds must be a list of album ids' })
  albumIds!: number[];

  @IsOptional()
  @MaxLength(20, { message: 'keptGeneration must be a generation number' })
  @IsString({ message: 'keptGeneration must be a generation number' })
  keptGeneration?: string;

  @IsOptional()
  @ArrayMaxSize(1000, { message: 'Keep at most 1000 albums at once' })
  @IsId({ each: true, message: 'keptAlbumIds must be album ids' })
  @IsArray({ message: 'keptAlbumIds must be a list of album ids' })
  keptAlbumIds?: number[];
}

/** How many of an album's newest items its summary carries. */
export const ALBUM_PREVIEW_SIZE = 4;

/** POST /internal/people/{id}/merge (family): the person the tags move to. */
export class MergeTagsDto implements MergeTagsRequest {
  @IsId({ message: 'intoId must be a person id' })
  intoId!: number;

  @IsId({ message: 'actingUserId must be a person id' })
  actingUserId!: number;
}

/** POST /internal/people/{id}/account-tags */
export class NewAccountTagsDto implements NewAccountTagsRequest {
  @IsId({ message: 'invitedBy must be a person id' })
  invitedBy!: number;
}
