import AddIcon from '@mui/icons-material/Add';
import PhotoAlbumIcon from '@mui/icons-material/PhotoAlbum';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Album } from '@family/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { PageHeading } from '../../../components/page-heading';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { isAlbumEditor } from '../../../lib/items-in-albums';
import { useAlbums } from '../../../lib/queries/albums';
import { useDeleteAlbum, useRefreshAlbums } from '../api/use-albums';
import type { RenderAlbumMedia } from '../types';
import { AddMemberDialog } from './add-member-dialog';
import { AlbumCard } from './album-card';
import { AlbumViewDialog } from './album-view-dialog';
import { CreateAlbumDialog } from './create-album-dialog';

export type AlbumsViewProps = {
  /** The signed-in person: what they may do depends on whether they created the album or may edit it. */
  currentUserId: number;
  /** 'h1' on the albums page (it names the browser tab); 'h2' inside home. */
  headingLevel?: 'h1' | 'h2';
  /** The media of one album in the View dialog: the media grid, composed in app/routes. */
  renderAlbumMedia?: RenderAlbumMedia;
  /** Called when items changed album (an album was deleted), so media lists on screen refresh. */
  onMediaChanged?: () => unknown;
};

const TITLE = 'Albums';
const SUBTITLE = 'Collections of photos and memories, private or shared with the whole family.';
const SKELETONS = 3;

const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** The albums one may see as a grid of cards, with Create Album, Add Member, View and delete. */
export function AlbumsView({ currentUserId, headingLevel = 'h1', renderAlbumMedia, onMediaChanged }: AlbumsViewProps) {
  const { albums, error, isLoading, retry } = useAlbums();
  const [creating, setCreating] = useState(false);
  const [memberAlbumId, setMemberAlbumId] = useState<number | null>(null);
  const [viewAlbumId, setViewAlbumId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Album | null>(null);
  const deleteAlbum = useDeleteAlbum();
  const refresh = useRefreshAlbums();
  const { toast } = useToast();
  const headingId = useId();

  // `?album={id}` (paths.album) opens that album's View dialog, then leaves the address as the page's own.
  const [searchParams, setSearchParams] = useSearchParams();
  const askedAlbumId = Number(searchParams.get('album')) || null;
  useEffect(() => {
    if (askedAlbumId === null) return;
    setViewAlbumId(askedAlbumId);
    setSearchParams(
      (params) => {
        params.delete('album');
        return params;
      },
      { replace: true },
    );
  }, [askedAlbumId, setSearchParams]);

  // Dialogs follow the list, so they show the album as it is after every refresh.
  const find = (id: number | null) => (id === null ? null : (albums.find((album) => album.id === id) ?? null));
  const memberAlbum = find(memberAlbumId);
  const viewAlbum = find(viewAlbumId);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteAlbum.trigger({ albumId: deleting.id });
      toast({
        title: 'Album deleted successfully',
        description: `“${deleting.name}” is gone; everything that was in it stays in the archive.`,
      });
      setDeleting(null);
      void refresh({ media: true });
      void onMediaChanged?.();
    } catch (failure) {
      setDeleting(null);
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(failure) });
    }
  };

  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      Create Album
    </Button>
  );

  const cardHeading = headingLevel === 'h1' ? 'h2' : 'h3';

  let body;
  if (error && albums.length === 0) {
    body = <LoadError message={errorMessage(error, 'Failed to fetch albums')} onRetry={() => void retry()} />;
  } else if (isLoading) {
    body = (
      <Box sx={gridSx} aria-busy="true" aria-label="Loading albums">
        {Array.from({ length: SKELETONS }, (_, index) => (
          <Card key={index} variant="outlined">
            <CardContent>
              <Skeleton variant="text" width="60%" height={36} />
              <Skeleton variant="text" width="90%" />
              <Skeleton variant="text" width="40%" />
              <Skeleton variant="rounded" height={96} sx={{ mt: 1 }} />
            </CardContent>
          </Card>
        ))}
      </Box>
    );
  } else if (albums.length === 0) {
    body = (
      <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
        <PhotoAlbumIcon sx={{ fontSize: 56, mb: 1 }} />
        <Typography variant="h6" component="p" sx={{ color: 'text.primary' }}>
          No albums yet
        </Typography>
        <Typography variant="body1" sx={{ mb: 2 }}>
          Create an album to gather the photos and stories of an occasion.
        </Typography>
        {createButton}
      </Box>
    );
  } else {
    body = (
      <Box sx={gridSx}>
        {albums.map((album) => (
          <AlbumCard
            key={album.id}
            album={album}
            headingLevel={cardHeading}
            canAddMembers={isAlbumEditor(album, currentUserId)}
            canDelete={album.createdBy === currentUserId}
            onAddMember={() => setMemberAlbumId(album.id)}
            onView={() => setViewAlbumId(album.id)}
            onDelete={() => setDeleting(album)}
          />
        ))}
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingLevel === 'h2' ? headingId : undefined}>
      <PageHeading title={TITLE} subtitle={SUBTITLE} actions={createButton} level={headingLevel} id={headingId} />
      {body}
      <CreateAlbumDialog open={creating} onClose={() => setCreating(false)} />
      <AddMemberDialog album={memberAlbum} onClose={() => setMemberAlbumId(null)} />
      <AlbumViewDialog
        album={viewAlbum}
        currentUserId={currentUserId}
        onClose={() => setViewAlbumId(null)}
        renderMedia={renderAlbumMedia}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Are you sure you want to delete this album?"
        description={
          deleting
            ? `“${deleting.name}” will be deleted. The photos and other items in it stay in the archive.`
            : undefined
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        busy={deleteAlbum.isMutating}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
