import type { ReactNode } from 'react';
import type { Album, MediaItem } from '@family/contract';

/** A media item as the album controls need it: which album it is in, and who uploaded it. */
export type AlbumMediaTarget = Pick<MediaItem, 'id' | 'albumId'> & {
  title?: string;
  user?: Pick<MediaItem['user'], 'id'>;
};

/** Renders an album's media (the media feature's grid, scoped to the album), composed in app/routes. */
export type RenderAlbumMedia = (album: Pick<Album, 'id' | 'name'>) => ReactNode;
