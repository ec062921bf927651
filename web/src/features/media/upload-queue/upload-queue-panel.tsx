import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatBytes } from '../utils/bytes';
import { queueProgress, type UploadEntry } from './upload-queue';
import { useUploadQueue, useUploadQueueState } from './upload-queue-context';

/** Pictures browsers show by themselves, small enough that a thumbnail of the file itself costs little. */
const THUMBNAIL_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
const THUMBNAIL_MAX_BYTES = 25 * 1024 * 1024;

function Thumbnail({ entry }: { entry: UploadEntry }) {
  const file = entry.file;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !THUMBNAIL_TYPES.has(file.type) || file.size > THUMBNAIL_MAX_BYTES) return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [file]);
  return (
    <Box
      sx={{
        width: 48,
        height: 48,
        flexShrink: 0,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {url ? (
        <Box
          component="img"
          src={url}
          alt=""
          loading="lazy"
          decoding="async"
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <InsertDriveFileOutlinedIcon sx={{ color: 'text.secondary' }} />
      )}
    </Box>
  );
}

// docs/conventions.md "Touch targets": a link that stands alone is 44 px high.
const STANDALONE_LINK = { ml: 0.5, fontWeight: 600, display: 'inline-flex', alignItems: 'center', minHeight: 44 };

/** The words under a file's name: how far it is, or how it ended. */
function statusOf(entry: UploadEntry): string {
  switch (entry.state) {
    case 'checking':
      return 'Checking…';
    case 'waiting':
      return 'Waiting…';
    case 'uploading':
      return `${formatBytes(entry.bytesSent)} of ${formatBytes(entry.size)}`;
    case 'finishing':
      return 'Preparing…';
    case 'paused':
      return `Paused at ${formatBytes(entry.bytesSent)} of ${formatBytes(entry.size)}`;
    case 'needs-file':
      return 'Paused — choose the files again to resume';
    case 'done':
      return 'Done';
    case 'exists':
      return entry.inTrash ? 'Already in the archive, in your trash' : 'Already in the archive';
    case 'failed':
      return entry.error ?? 'The upload failed.';
  }
}

/**
 * One file's row. A change to one file leaves every other row's entry as it was, so with hundreds in a batch only
 * the changed row is drawn again on each progress event.
 */
const UploadRow = memo(function UploadRow({ entry }: { entry: UploadEntry }) {
  const queue = useUploadQueue();
  const status = statusOf(entry);
  const percent = entry.size > 0 ? Math.round((Math.min(entry.bytesSent, entry.size) / entry.size) * 100) : 100;
  const settled = entry.state === 'done' || entry.state === 'exists';
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 1 }}>
      <Thumbnail entry={entry} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{entry.name}</Typography>
        <Typography
          variant="body2"
          sx={{
            color: entry.state === 'failed' ? 'error.dark' : 'text.secondary',
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            flexWrap: 'wrap',
          }}
        >
          {settled && <CheckCircleOutlineIcon fontSize="small" sx={{ color: 'success.dark' }} />}
          {entry.state === 'failed' && <ErrorOutlineIcon fontSize="small" />}
          <span>{status}</span>
          {settled && entry.inTrash && (
            <Link component={RouterLink} to={paths.trash.getHref()} sx={STANDALONE_LINK}>
              Open the trash
            </Link>
          )}
          {settled && !entry.inTrash && entry.mediaId !== undefined && (
            <Link
              component={RouterLink}
              to={paths.media.getHref(entry.mediaId)}
              aria-label={`Open ${entry.name}`}
              sx={STANDALONE_LINK}
            >
              Open
            </Link>
          )}
        </Typography>
        {(entry.state === 'uploading' || entry.state === 'paused') && (
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={`Upload progress of ${entry.name}`}
            sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
          />
        )}
        {entry.state === 'finishing' && (
          <LinearProgress aria-label={`Preparing ${entry.name}`} sx={{ mt: 0.5, height: 6, borderRadius: 3 }} />
        )}
      </Box>
      <Box sx={{ display: 'flex', flexShrink: 0 }}>
        {(entry.state === 'uploading' || entry.state === 'waiting' || entry.state === 'checking') && (
          <IconButton aria-label={`Pause ${entry.name}`} onClick={() => queue.pause(entry.key)}>
            <PauseIcon />
          </IconButton>
        )}
        {entry.state === 'paused' && (
          <IconButton aria-label={`Resume ${entry.name}`} onClick={() => queue.resume(entry.key)}>
            <PlayArrowIcon />
          </IconButton>
        )}
        {entry.state === 'failed' && entry.file && (
          <IconButton aria-label={`Retry ${entry.name}`} onClick={() => queue.retry(entry.key)}>
            <ReplayIcon />
          </IconButton>
        )}
        {!settled && entry.state !== 'finishing' && (
          <IconButton aria-label={`Cancel ${entry.name}`} onClick={() => queue.cancel(entry.key)}>
            <CloseIcon />
          </IconButton>
        )}
      </Box>
    </Box>
  );
});

/** A file chooser for the files an earlier visit left unfinished. */
function ChooseAgain() {
  const queue = useUploadQueue();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" onClick={() => input.current?.click()}>
        Choose the files again
      </Button>
      <input
        ref={input}
        aria-label="Choose the files again"
        type="file"
        multiple
        tabIndex={-1}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          const waiting = new Set(
            queue
              .getSnapshot()
              .entries.filter((entry) => entry.state === 'needs-file')
              .map((entry) => `${entry.name}/${entry.size}/${entry.lastModified}`),
          );
          // Only the files that resume: another file chosen by mistake is not sent without its batch's fields.
          queue.add(files.filter((file) => waiting.has(`${file.name}/${file.size}/${file.lastModified}`)));
        }}
      />
    </>
  );
}

function summaryOf(progress: ReturnType<typeof queueProgress>, total: number): string {
  if (progress.active > 0) return `${progress.done} of ${total} done · ${progress.percent}%`;
  if (progress.needsFile > 0) return `${progress.needsFile} waiting for their files`;
  if (progress.paused > 0) return `${progress.paused} paused`;
  if (progress.failed > 0) return `${progress.done} of ${total} done, ${progress.failed} failed`;
  return `All ${total} done`;
}

/**
 * The uploads, on every page (docs/product.md "Uploading many files"): a small panel in a corner with the overall
 * progress, opened into a row per file with its own progress and Pause, Resume, Cancel and Retry.
 */
export function UploadQueuePanel() {
  const queue = useUploadQueue();
  const { entries } = useUploadQueueState();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [expanded, setExpanded] = useState(!phone);
  const listId = useId();
  const headingId = useId();
  if (entries.length === 0) return null;

  const progress = queueProgress(entries);
  const finished = entries.some((entry) => ['done', 'exists', 'failed'].includes(entry.state));
  return (
    <>
      {/* On a phone the panel spans the bottom: room below the page, so its end can be scrolled above the panel. */}
      <Box sx={{ display: { xs: 'block', sm: 'none' }, height: '8rem' }} />
      <Paper
        component="section"
        elevation={6}
        aria-labelledby={headingId}
        sx={{
          position: 'fixed',
          zIndex: 'appBar',
          bottom: { xs: 8, sm: 16 },
          right: { xs: 8, sm: 16 },
          left: { xs: 8, sm: 'auto' },
          width: { sm: '26rem' },
          maxWidth: { sm: 'calc(100vw - 32px)' },
          maxHeight: 'calc(100vh - 16px)',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2, pr: 0.5, pt: 0.5 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={headingId} component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
              Uploads
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
              {summaryOf(progress, entries.length)}
            </Typography>
          </Box>
          <IconButton
            aria-label={expanded ? 'Hide the uploads' : 'Show the uploads'}
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? <ExpandMoreIcon /> : <ExpandLessIcon />}
          </IconButton>
        </Box>
        {progress.sending ? (
          <LinearProgress
            variant="determinate"
            value={progress.percent}
            aria-label="All uploads"
            sx={{ mx: 2, my: 1, height: 8, borderRadius: 4 }}
          />
        ) : (
          <Box sx={{ height: 8 }} />
        )}
        <Box
          id={listId}
          hidden={!expanded}
          sx={{ overflowY: 'auto', minHeight: 0, maxHeight: { xs: '30vh', sm: 'min(24rem, 40vh)' }, px: 2 }}
        >
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {entries.map((entry) => (
              <UploadRow key={entry.key} entry={entry} />
            ))}
          </Box>
        </Box>
        {expanded && (progress.needsFile > 0 || finished) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', px: 2, pb: 1.5, pt: 0.5 }}>
            {progress.needsFile > 0 && <ChooseAgain />}
            {finished && (
              <Button variant="text" onClick={() => queue.clearFinished()}>
                Clear finished
              </Button>
            )}
          </Box>
        )}
      </Paper>
    </>
  );
}
