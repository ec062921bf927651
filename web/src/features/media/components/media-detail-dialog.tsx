import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LanguageOutlinedIcon from '@mui/icons-material/LanguageOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type TouchEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { MediaItem } from '@family/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api';
import { mediaDateInWords } from '../utils/item-date';
import { useMayDeleteItem, useMayEditItem } from '../../../lib/items-in-albums';
import { useRestoreFromTrash } from '../../../lib/queries/trash';
import { useDeleteMedia } from '../api/use-delete-media';
import { useMediaItem } from '../api/use-media-item';
import { useUpdateMedia } from '../api/use-update-media';
import type { MediaDetailSlots } from '../types';
import { personName } from '../utils/format';
import { MediaEditForm } from './media-edit-form';
import { MediaTypeIcon } from './media-type-icon';
import { MediaViewer } from './media-viewer';
import { TagUsersDialog } from './tag-users-dialog';

export type MediaDetailDialogProps = {
  /** The item as the list had it; the dialog brings it up to date. Null keeps the dialog closed. */
  item: MediaItem | null;
  open: boolean;
  onClose: () => void;
  /** Places the albums work fills: 'Add to Album' in the header, the album line with its Remove button. */
  slots?: MediaDetailSlots;
  /** The item before this one in the list it was opened from; left out at the start. */
  onPrevious?: () => void;
  /** The item after this one; left out at the end of the list. */
  onNext?: () => void;
};

/** A horizontal swipe at least this long (and longer than it is tall) moves to the next or previous item. */
const SWIPE_PX = 50;

/** Arrow keys and swipes move through the list, except where they already mean something: typing, a player. */
function arrowsMoveFrom(target: EventTarget): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (target.isContentEditable) return false;
  return !['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(target.tagName);
}

/** One media item (docs/product.md "Media detail dialog"): shown by type, edited, tagged and deleted. */
export function MediaDetailDialog({ item, open, onClose, slots, onPrevious, onNext }: MediaDetailDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const [paper, setPaper] = useState<HTMLDivElement | null>(null);

  // A sideways swipe is ours (previous, next): the browser must not take it as its own back or forward gesture,
  // which only a listener that may cancel the move can stop (React's touch listeners are passive).
  useEffect(() => {
    if (!paper) return;
    const onTouchMove = (event: globalThis.TouchEvent) => {
      const start = touchStart.current;
      const touch = event.touches[0];
      if (!start || !touch || !event.cancelable) return;
      const dx = Math.abs(touch.clientX - start.x);
      if (dx > 10 && dx > Math.abs(touch.clientY - start.y)) event.preventDefault();
    };
    paper.addEventListener('touchmove', onTouchMove, { passive: false });
    return () => paper.removeEventListener('touchmove', onTouchMove);
  }, [paper]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !arrowsMoveFrom(event.target)) return;
    const move = event.key === 'ArrowLeft' ? onPrevious : event.key === 'ArrowRight' ? onNext : undefined;
    if (!move) return;
    event.preventDefault();
    move();
  };
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    // A finger on a player's seek bar or in a text field is not swiping.
    const swipes = event.touches.length === 1 && touch && arrowsMoveFrom(event.target);
    touchStart.current = swipes ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) <= Math.abs(dy)) return;
    // A swipe is not a tap: no click on whatever the finger was lifted over.
    if (event.cancelable) event.preventDefault();
    // Swiping left brings the next item in from the right, as on a phone's photos.
    (dx < 0 ? onNext : onPrevious)?.();
  };

  return (
    <Dialog
      open={open && item !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      onKeyDown={onKeyDown}
      slotProps={{ paper: { ref: setPaper, onTouchStart, onTouchEnd, sx: { touchAction: 'pan-y pinch-zoom' } } }}
    >
      {item && (
        <MediaDetail
          key={item.id}
          initial={item}
          titleId={titleId}
          onClose={onClose}
          slots={slots}
          onPrevious={onPrevious}
          onNext={onNext}
          phone={phone}
        />
      )}
    </Dialog>
  );
}

type MediaDetailProps = {
  initial: MediaItem;
  titleId: string;
  onClose: () => void;
  slots?: MediaDetailSlots;
  onPrevious?: () => void;
  onNext?: () => void;
  /** Full screen: the buttons, then the picture, then the title, so the picture is on the first screen. */
  phone: boolean;
};

function MediaDetail({ initial, titleId, onClose, slots, onPrevious, onNext, phone }: MediaDetailProps) {
  const { toast } = useToast();
  const { item: current, error } = useMediaItem(initial);
  const item = current ?? initial;
  const [editing, setEditing] = useState(false);
  const [tagging, setTagging] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const update = useUpdateMedia(item.id);
  const remove = useDeleteMedia(item.id);
  const restore = useRestoreFromTrash();
  // docs/rights.md "Media rights": the dialog offers only what the server allows.
  const mayEdit = useMayEditItem(item);
  const mayDelete = useMayDeleteItem(item);

  // docs/product.md "Trash": a delete moves the item to the trash, and its toast offers Undo.
  const undoDelete = async (deleted: MediaItem) => {
    try {
      await restore(deleted.id);
      toast({ title: 'Restored', description: `“${deleted.title}” is back in the archive.` });
    } catch (problem) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(problem) });
    }
  };

  const confirmDelete = async () => {
    try {
      await remove.trigger();
      setConfirmingDelete(false);
      onClose();
      toast({
        title: 'Moved to the trash',
        description: `“${item.title}” is in the trash, where it can be restored.`,
        action: { label: 'Undo', onClick: () => void undoDelete(item) },
      });
    } catch (problem) {
      setConfirmingDelete(false);
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(problem) });
    }
  };

  if (error instanceof ApiError && error.status === 404) {
    return (
      <>
        <DialogTitle id={titleId}>{initial.title}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>This media item is no longer in the archive.</Typography>
          <Button variant="outlined" onClick={onClose}>
            Close
          </Button>
        </DialogContent>
      </>
    );
  }

  const title = (
    <DialogTitle
      id={titleId}
      sx={{
        flex: '1 1 16rem',
        minWidth: 0,
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        overflowWrap: 'anywhere',
        ...(phone && { p: 0, fontSize: '1.2rem' }),
      }}
    >
      <MediaTypeIcon type={item.type} sx={{ color: 'primary.main', mt: 0.5 }} />
      {item.title}
    </DialogTitle>
  );
  const actions = (
    <Box
      role="toolbar"
      aria-label="Media actions"
      sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', pt: phone ? 0.5 : 1, ml: 'auto' }}
    >
      {mayEdit && <HeaderButton label="Edit" onClick={() => setEditing(true)} icon={<EditOutlinedIcon />} />}
      <HeaderButton label="Tag users" onClick={() => setTagging(true)} icon={<PersonAddAlt1OutlinedIcon />} />
      {slots?.headerActions?.(item)}
      {mayDelete && (
        <HeaderButton label="Delete" onClick={() => setConfirmingDelete(true)} icon={<DeleteOutlinedIcon />} danger />
      )}
      <HeaderButton label="Close" onClick={onClose} icon={<CloseIcon />} />
    </Box>
  );

  return (
    <>
      {editing ? (
        <Box sx={{ px: 3, pt: 1 }}>
          <DialogTitle id={titleId} sx={{ px: 0 }}>
            Edit media
          </DialogTitle>
          <MediaEditForm item={item} onSave={update.trigger} onDone={() => setEditing(false)} />
        </Box>
      ) : phone ? (
        <Box sx={{ px: 1 }}>{actions}</Box>
      ) : (
        // Wider, the title and the buttons share the top; with large text the buttons wrap under the title.
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 1, pr: 1, pt: 1 }}>
          {title}
          {actions}
        </Box>
      )}
      <DialogContent sx={{ display: 'grid', gap: 2, pt: phone ? 1 : 2, px: phone ? 2 : 3, alignContent: 'start' }}>
        {(onPrevious || onNext) && (
          <Box
            role="group"
            aria-label="Move through the list"
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}
          >
            <MoveButton direction="previous" onClick={onPrevious} phone={phone} />
            <MoveButton direction="next" onClick={onNext} phone={phone} />
          </Box>
        )}
        <MediaViewer item={item} />
        {!editing && phone && title}
        <Box>
          <Typography>
            Uploaded by <strong>{personName(item.user)}</strong>
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            {mediaDateInWords(item)}
            {item.place && (
              <>
                {' · '}
                <Link component={RouterLink} to={paths.places.getHref(item.place)}>
                  {item.place}
                </Link>
              </>
            )}
          </Typography>
          {item.tags.length > 0 && (
            <Typography sx={{ mt: 0.5 }}>Tagged: {item.tags.map((t) => personName(t.user)).join(', ')}</Typography>
          )}
        </Box>
        {slots?.albumLine?.(item)}
        {item.description && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{item.description}</Typography>}
        {item.type === 'post' && item.website_url && (
          <Box>
            <Button
              component="a"
              href={item.website_url}
              target="_blank"
              rel="noopener noreferrer"
              variant="outlined"
              startIcon={<LanguageOutlinedIcon />}
            >
              Visit Website
            </Button>
          </Box>
        )}
        {item.type === 'post' && item.content && (
          <Typography sx={{ whiteSpace: 'pre-wrap', fontSize: '1.1rem' }}>{item.content}</Typography>
        )}
      </DialogContent>

      {tagging && <TagUsersDialog open item={item} onClose={() => setTagging(false)} />}
      <ConfirmDialog
        open={confirmingDelete}
        title="Are you sure you want to delete this media item?"
        description="It goes to the trash and is hidden from everyone; it can be restored from the Trash page until it is deleted for good."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        busy={remove.isMutating}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmingDelete(false)}
      />
    </>
  );
}

/**
 * Previous or Next: with its word wider, its arrow alone (and the word as its name and tooltip) on a phone, so both
 * stay on screen beside each other at any text size or zoom.
 */
function MoveButton({
  direction,
  onClick,
  phone,
}: {
  direction: 'previous' | 'next';
  onClick?: () => void;
  phone: boolean;
}) {
  const label = direction === 'previous' ? 'Previous' : 'Next';
  const icon = direction === 'previous' ? <ChevronLeftIcon /> : <ChevronRightIcon />;
  if (phone) {
    return (
      <Tooltip title={label}>
        {/* A disabled button gets no hover: the span lets the tooltip still name it. */}
        <span>
          <IconButton
            aria-label={label}
            onClick={onClick}
            disabled={!onClick}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="outlined"
      startIcon={direction === 'previous' ? icon : undefined}
      endIcon={direction === 'next' ? icon : undefined}
      onClick={onClick}
      disabled={!onClick}
      sx={{ minHeight: 44 }}
    >
      {label}
    </Button>
  );
}

function HeaderButton({
  label,
  icon,
  onClick,
  danger,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onClick} color={danger ? 'error' : 'default'}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
