import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import type { Album, AlbumMember } from '@family/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useRemoveMember } from '../api/use-album-members';
import { useRefreshAlbums } from '../api/use-albums';
import type { RenderAlbumMedia } from '../types';
import { AlbumMembersList } from './album-members-list';
import { AlbumPreview } from './album-preview';

type AlbumViewDialogProps = {
  /** The album shown; the dialog is open while it is set. */
  album: Album | null;
  currentUserId: number;
  onClose: () => void;
  /** The album's media (the media grid scoped to the album); without it, the card's preview is shown. */
  renderMedia?: RenderAlbumMedia;
};

/** View: the album's members and its media, with Remove for the creator (and Leave for a member). */
export function AlbumViewDialog({ album, currentUserId, onClose, renderMedia }: AlbumViewDialogProps) {
  const [removing, setRemoving] = useState<AlbumMember | null>(null);
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('md'));
  const removeMember = useRemoveMember();
  const refresh = useRefreshAlbums();
  const { toast } = useToast();

  const leaving = removing?.userId === currentUserId;

  const confirmRemove = async () => {
    if (!album || !removing) return;
    try {
      await removeMember.trigger({ albumId: album.id, userId: removing.userId });
      toast({
        title: 'Member removed successfully',
        description: leaving
          ? `You have left “${album.name}”.`
          : `${removing.user.displayName} is no longer in “${album.name}”.`,
      });
      setRemoving(null);
      // Whoever leaves a private album no longer sees it, nor its media.
      if (leaving) onClose();
      void refresh({ media: leaving });
    } catch (error) {
      setRemoving(null);
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    }
  };

  return (
    <>
      <Dialog
        open={album !== null}
        onClose={onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="lg"
        fullScreen={fullScreen}
      >
        {album && (
          <>
            <DialogTitle id={titleId} sx={{ pr: 8, overflowWrap: 'anywhere' }}>
              {album.name}
              <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
                <CloseIcon />
              </IconButton>
            </DialogTitle>
            <DialogContent dividers>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                Created by {album.creator.displayName} ·{' '}
                {album.isShared ? 'Shared with the whole family' : 'Only its creator and members see it'}
              </Typography>
              {album.description && (
                <Typography variant="body1" sx={{ mb: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {album.description}
                </Typography>
              )}
              <Box component="section" aria-labelledby={`${titleId}-members`} sx={{ mb: 2 }}>
                <Typography id={`${titleId}-members`} variant="h6" component="h3">
                  Members ({album.memberCount})
                </Typography>
                <AlbumMembersList
                  album={album}
                  currentUserId={currentUserId}
                  onRemove={setRemoving}
                  busy={removeMember.isMutating}
                />
              </Box>
              <Divider sx={{ mb: 2 }} />
              <Box component="section" aria-labelledby={`${titleId}-media`}>
                <Typography id={`${titleId}-media`} variant="h6" component="h3" sx={{ mb: 1.5 }}>
                  Media ({album.itemCount})
                </Typography>
                {renderMedia ? (
                  renderMedia({ id: album.id, name: album.name })
                ) : (
                  <AlbumPreview items={album.mediaItems} />
                )}
              </Box>
            </DialogContent>
            <DialogActions sx={{ px: 3, py: 2 }}>
              <Button onClick={onClose} variant="outlined">
                Close
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title={
          leaving
            ? 'Are you sure you want to leave this album?'
            : 'Are you sure you want to remove this member from the album?'
        }
        description={
          removing && album
            ? leaving
              ? `You will no longer see “${album.name}” unless it is shared with the whole family.`
              : `${removing.user.displayName} will no longer be a member of “${album.name}”.`
            : undefined
        }
        confirmLabel={leaving ? 'Leave' : 'Remove'}
        busyLabel={leaving ? 'Leaving...' : 'Removing...'}
        destructive
        busy={removeMember.isMutating}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
