import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { MediaItem, TrashItem } from '@family/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { PageHeading } from '../../../components/page-heading';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useRestoreFromTrash } from '../../../lib/queries/trash';
import { deleteForever, emptyTrash, useTrash } from '../api/use-trash';
import { TrashCard } from './trash-card';

export type TrashPageProps = {
  /** An item's picture or kind on its card: the media work's preview, composed in app/routes. */
  renderPreview?: (item: MediaItem) => ReactNode;
};

const SKELETONS = 3;
const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
} as const;

type Confirming = { kind: 'one'; entry: TrashItem } | { kind: 'all' } | null;

/**
 * /trash (docs/product.md "Trash"): what the signed-in person deleted, and what they uploaded that someone
 * deleted, until it is deleted for good. Restore puts an item back with its album and tags.
 */
export function TrashPage({ renderPreview }: TrashPageProps) {
  const { items, error, isLoading, isLoadingMore, hasMore, loadMore, refresh } = useTrash();
  const restore = useRestoreFromTrash();
  const { toast } = useToast();
  const [busyId, setBusyId] = useState<number | 'all' | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  // The dialog fades out after it is answered: it keeps showing what it asked about meanwhile.
  const [asked, setAsked] = useState<Confirming>(null);
  const ask = (question: NonNullable<Confirming>) => {
    setAsked(question);
    setConfirming(question);
  };

  const onRestore = async (entry: TrashItem) => {
    setBusyId(entry.item.id);
    try {
      await restore(entry.item.id);
      toast({ title: 'Restored', description: `“${entry.item.title}” is back in the archive.` });
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(failure) });
    } finally {
      setBusyId(null);
      void refresh();
    }
  };

  const onConfirm = async () => {
    if (!confirming) return;
    setBusyId(confirming.kind === 'all' ? 'all' : confirming.entry.item.id);
    try {
      if (confirming.kind === 'all') {
        await emptyTrash();
        toast({ title: 'Trash emptied', description: 'Everything that was in your trash is deleted for good.' });
      } else {
        await deleteForever(confirming.entry.item.id);
        toast({ title: 'Deleted forever', description: `“${confirming.entry.item.title}” is gone for good.` });
      }
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(failure) });
    } finally {
      setConfirming(null);
      setBusyId(null);
      void refresh();
    }
  };

  const emptyButton = (
    <Button
      variant="outlined"
      color="error"
      startIcon={<DeleteSweepOutlinedIcon />}
      onClick={() => ask({ kind: 'all' })}
      disabled={items.length === 0 || busyId !== null}
    >
      Empty trash
    </Button>
  );

  let body;
  if (error && items.length === 0) {
    body = <LoadError message={errorMessage(error, 'The trash could not be loaded.')} onRetry={() => void refresh()} />;
  } else if (isLoading) {
    body = (
      <Box sx={gridSx} aria-busy="true" aria-label="Loading the trash">
        {Array.from({ length: SKELETONS }, (_, index) => (
          <Card key={index} variant="outlined">
            <Skeleton variant="rectangular" height={192} />
            <CardContent>
              <Skeleton variant="text" width="60%" height={32} />
              <Skeleton variant="text" width="40%" />
            </CardContent>
          </Card>
        ))}
      </Box>
    );
  } else if (items.length === 0) {
    body = (
      <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
        <DeleteOutlineIcon sx={{ fontSize: 56, mb: 1 }} />
        <Typography variant="h6" component="p" sx={{ color: 'text.primary' }}>
          The trash is empty
        </Typography>
        <Typography variant="body1">
          What you delete waits here for a while before it is gone for good, so a mistake can be undone.
        </Typography>
      </Box>
    );
  } else {
    body = (
      <>
        <Box sx={gridSx}>
          {items.map((entry) => (
            <TrashCard
              key={entry.item.id}
              entry={entry}
              preview={renderPreview?.(entry.item)}
              busy={busyId !== null}
              onRestore={() => void onRestore(entry)}
              onDeleteForever={() => ask({ kind: 'one', entry })}
            />
          ))}
        </Box>
        {hasMore && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
            <Button variant="outlined" onClick={() => void loadMore()} disabled={isLoadingMore}>
              {isLoadingMore ? 'Loading…' : 'Show more'}
            </Button>
          </Box>
        )}
      </>
    );
  }

  return (
    <Box component="section">
      <PageHeading
        title="Trash"
        subtitle="What you deleted, and what you uploaded that someone deleted. Each item is deleted for good when its days are up."
        actions={emptyButton}
      />
      {body}
      <ConfirmDialog
        open={confirming !== null}
        title={asked?.kind === 'one' ? `Delete “${asked.entry.item.title}” forever?` : 'Empty the trash?'}
        description={
          asked?.kind === 'one'
            ? 'It is deleted for good, with its files. This cannot be undone.'
            : 'Everything in your trash is deleted for good, with its files. This cannot be undone.'
        }
        confirmLabel={asked?.kind === 'one' ? 'Delete forever' : 'Empty trash'}
        busyLabel="Deleting..."
        destructive
        busy={busyId !== null && confirming !== null}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(null)}
      />
    </Box>
  );
}
