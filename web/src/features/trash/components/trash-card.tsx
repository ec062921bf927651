import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import RestoreFromTrashOutlinedIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { TrashItem } from '@family/contract';
import { daysLeft } from '../utils/days-left';

type TrashCardProps = {
  entry: TrashItem;
  /** The item's picture or kind, drawn by the media work (composed in app/routes). */
  preview?: ReactNode;
  busy: boolean;
  onRestore: () => void;
  onDeleteForever: () => void;
};

const deletedOn = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/** One item in the trash: what it is, when it was deleted, how long it still waits, Restore and Delete forever. */
export function TrashCard({ entry, preview, busy, onRestore, onDeleteForever }: TrashCardProps) {
  const { item } = entry;
  return (
    <Card component="article" aria-label={item.title} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      {preview}
      <CardContent sx={{ flex: 1 }}>
        <Typography component="h2" variant="h6" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere', lineHeight: 1.35 }}>
          {item.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Deleted {deletedOn(entry.deletedAt)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
          {daysLeft(entry.purgeAt)}
        </Typography>
      </CardContent>
      <CardActions disableSpacing sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<RestoreFromTrashOutlinedIcon />} onClick={onRestore} disabled={busy}>
          Restore
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteForeverOutlinedIcon />}
          onClick={onDeleteForever}
          disabled={busy}
        >
          Delete forever
        </Button>
      </CardActions>
    </Card>
  );
}
