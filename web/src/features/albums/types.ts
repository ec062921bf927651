import type { ReactNode } from 'react';
import type { Album, MediaItem } from '@family/contract';

/** The part of a media item an album card's preview shows (the server sends whole media items). */
export type AlbumMediaPreview = Pick<MediaItem, 'id' | 'type' | 'title' | 'url' | 'thumbnailUrl'>;

/** A media item as the album controls need it: which album it is in, and who uploaded it. */
export type AlbumMediaTarget = Pick<MediaItem, 'id' | 'albumId'> & {
  title?: string;
  user?: Pick<MediaItem['user'], 'id'>;
};

/** Renders an album's media (the media feature's grid, scoped to the album), composed in app/routes. */
export type RenderAlbumMedia = (album: Pick<Album, 'id' | 'name'>) => ReactNode;
