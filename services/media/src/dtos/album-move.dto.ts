import type { MoveToAlbumRequest } from '@family/contract';
import { IsId } from '@family/shared';

/** PUT /api/media/{id}/album */
export class MoveToAlbumDto implements MoveToAlbumRequest {
  @IsId({ message: 'albumId must be an album id' })
  albumId!: number;
}
