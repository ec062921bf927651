import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BULK_MAX_IDS } from '@family/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorToast } from '../../../components/form/use-form-submit';
import { useToast } from '../../../components/toast/use-toast';
import { downloadZip, useBulkAction } from '../api/use-bulk-actions';
import { BulkAlbumDialog } from './bulk-album-dialog';
import { BulkDateDialog } from './bulk-date-dialog';
import { bulkReport, itemCount } from './bulk-report';
import { BulkTagDialog } from './bulk-tag-dialog';
import type { MediaSelection } from './use-media-selection';

type Open = 'album' | 'tag' | 'date' | 'delete' | null;

/**
 * The bar over a media list while items are selected (docs/product.md "Select many"): "{n} selected", Add to Album,
 * Tag, Set date, Download, Delete and Clear. Each action is one request for the whole selection and ends with a report of
 * what was done and what was skipped, and why.
 */
export function SelectionBar({ selection }: { selection: MediaSelection }) {
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState(false);
  const { toast } = useToast();
  const bulk = useBulkAction();
  const count = selection.items.length;
  const ids = selection.items.map((item) => item.id);
  const tooMany = count > BULK_MAX_IDS;
  if (count === 0 && open === null) return null;

  const finished = () => {
    setOpen(null);
    selection.clear();
  };

  const remove = async () => {
    setDeleting(true);
    try {
      const result = await bulk({ action: 'delete', ids });
      toast(bulkReport((n) => `Moved ${itemCount(n)} to the trash`, result));
      finished();
    } catch (error) {
      toast(errorToast(error));
    } finally {
      setDeleting(false);
    }
  };

  const download = () => {
    downloadZip(ids);
    toast({ title: `Downloading ${itemCount(count)}`, description: 'Your browser saves one ZIP of the originals.' });
  };

  return (
    <>
      <Paper
        role="toolbar"
        aria-label="Selected items"
        elevation={6}
        sx={{
          position: 'sticky',
          bottom: { xs: 8, sm: 16 },
          zIndex: (theme) => theme.zIndex.appBar,
          mt: 2,
          px: { xs: 1.5, sm: 2 },
          py: 1,
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 1,
        }}
      >
        <Typography component="p" aria-live="polite" sx={{ fontWeight: 600, mr: 'auto', minWidth: '7rem' }}>
          {count} selected
        </Typography>
        {tooMany && (
          <Typography variant="body2" sx={{ color: 'error.main', flexBasis: '100%' }}>
            Choose at most {BULK_MAX_IDS} items at once.
          </Typography>
        )}
        <Button startIcon={<LibraryAddIcon />} onClick={() => setOpen('album')} disabled={tooMany}>
          Add to Album
        </Button>
        <Button startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => setOpen('tag')} disabled={tooMany}>
          Tag
        </Button>
        <Button startIcon={<EventOutlinedIcon />} onClick={() => setOpen('date')} disabled={tooMany}>
          Set date
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={download} disabled={tooMany}>
          Download
        </Button>
        <Button startIcon={<DeleteOutlinedIcon />} color="error" onClick={() => setOpen('delete')} disabled={tooMany}>
          Delete
        </Button>
        <Button startIcon={<CloseIcon />} onClick={selection.clear} color="inherit">
          Clear
        </Button>
      </Paper>
      <BulkAlbumDialog open={open === 'album'} ids={ids} onClose={() => setOpen(null)} onDone={finished} />
      <BulkTagDialog open={open === 'tag'} ids={ids} onClose={() => setOpen(null)} onDone={finished} />
      <BulkDateDialog open={open === 'date'} ids={ids} onClose={() => setOpen(null)} onDone={finished} />
      <ConfirmDialog
        open={open === 'delete'}
        title={`Delete ${itemCount(count)}?`}
        description="They go to the trash and are hidden from everyone; they can be restored from the Trash page. Items you may not delete stay as they are."
        confirmLabel="Delete"
        destructive
        busy={deleting}
        busyLabel="Deleting..."
        onConfirm={() => void remove()}
        onCancel={() => setOpen(null)}
      />
    </>
  );
}
