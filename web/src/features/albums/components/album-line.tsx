import PhotoAlbumIcon from '@mui/icons-material/PhotoAlbum';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { mayEditItem } from '../../../lib/items-in-albums';
import { useAlbums } from '../../../lib/queries/albums';
import { useRemoveFromAlbum } from '../api/use-album-media';
import { useRefreshAlbums } from '../api/use-albums';
import type { AlbumMediaTarget } from '../types';

type AlbumLineProps = {
  item: AlbumMediaTarget;
  currentUserId: number;
  /** Called after the item left the album, so the media lists (and the open item) refresh. */
  onChanged?: () => unknown;
};

/**
 * The detail dialog's album line: the name of the album the item is in, with Remove for those who may
 * (docs/rights.md "Items in albums": the uploader, the album's creator, a Can Edit member). None when in no album.
 */
export function AlbumLine({ item, currentUserId, onChanged }: AlbumLineProps) {
  const [confirming, setConfirming] = useState(false);
  const { albums } = useAlbums(item.albumId !== null);
  const removeFromAlbum = useRemoveFromAlbum();
  const refresh = useRefreshAlbums();
  const { toast } = useToast();

  if (item.albumId === null) return null;
  const albumId = item.albumId;
  const album = albums.find((candidate) => candidate.id === albumId);
  const mayRemove = mayEditItem(item, currentUserId, albums);

  const confirmRemove = async () => {
    try {
      await removeFromAlbum.trigger({ albumId, mediaId: item.id });
      toast({ title: 'Success', description: 'Media removed from album successfully' });
      setConfirming(false);
      void refresh({ media: true });
      void onChanged?.();
    } catch (error) {
      setConfirming(false);
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <PhotoAlbumIcon sx={{ color: 'text.secondary' }} />
      <Typography variant="body1">
        Album: <strong>{album?.name ?? 'an album you cannot see'}</strong>
      </Typography>
      {mayRemove && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={() => setConfirming(true)}
          aria-label={album ? `Remove from ${album.name}` : 'Remove from the album'}
        >
          Remove
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Are you sure you want to remove this media from the album?"
        description="It stays in the archive, in no album."
        confirmLabel="Remove"
        busyLabel="Removing..."
        destructive
        busy={removeFromAlbum.isMutating}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
