import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { MediaItem, MediaType, UploadMediaFields } from '@family/contract';
import { useToast } from '../../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { useRefreshMedia } from '../../../lib/queries/media';
import { UploadCancelledError, uploadMedia, type UploadHandle } from '../api/upload-media';
import { useAlbumChoices } from '../api/use-album-choices';
import { MEDIA_TYPE_OPTIONS } from '../types';
import { checkUpload, FILE_RULES } from '../utils/upload-checks';

type UploadDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Preselects an album (an album's own page). */
  defaultAlbumId?: number;
  onUploaded?: (item: MediaItem) => void;
};

type Draft = {
  type: MediaType;
  albumId: string;
  title: string;
  mediaDate: string;
  description: string;
  content: string;
  websiteUrl: string;
  file: File | null;
};

const emptyDraft = (albumId?: number): Draft => ({
  type: 'photo',
  albumId: albumId ? String(albumId) : '',
  title: '',
  mediaDate: '',
  description: '',
  content: '',
  websiteUrl: '',
  file: null,
});

/** The "Upload dialog" of docs/product.md with its "Upload" checks, sent with a progress bar that can be cancelled. */
export function UploadDialog({ open, onClose, defaultAlbumId, onUploaded }: UploadDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const { toast } = useToast();
  const refresh = useRefreshMedia();
  const { albums, error: albumsError } = useAlbumChoices();
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(defaultAlbumId));
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const upload = useRef<UploadHandle | null>(null);
  const uploading = percent !== null;
  const isPost = draft.type === 'post';

  // A dialog closed in the middle of an upload stops it.
  useEffect(() => () => upload.current?.cancel(), []);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const reset = () => {
    setDraft(emptyDraft(defaultAlbumId));
    setProblem(null);
    setPercent(null);
  };

  const close = () => {
    if (uploading) return;
    reset();
    onClose();
  };

  const cancel = () => {
    if (uploading) upload.current?.cancel();
    else close();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    const check = checkUpload({ type: draft.type, title: draft.title, file: draft.file });
    setProblem(check);
    if (check) return;

    const fields: UploadMediaFields = {
      type: draft.type,
      title: draft.title.trim(),
      ...(draft.albumId ? { albumId: String(Number.parseInt(draft.albumId, 10)) } : {}),
      ...(draft.mediaDate ? { mediaDate: draft.mediaDate } : {}),
      ...(isPost ? { content: draft.content, websiteUrl: draft.websiteUrl } : { description: draft.description }),
    };
    // Fields before the file: the server can refuse a file of the wrong kind without reading all of it.
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (draft.file) form.append('file', draft.file, draft.file.name);

    setPercent(0);
    const handle = uploadMedia(form, ({ loaded, total }) =>
      setPercent(Math.min(100, Math.round((loaded / total) * 100))),
    );
    upload.current = handle;
    try {
      const item = await handle.promise;
      upload.current = null;
      toast({ title: 'Media uploaded successfully' });
      reset();
      onClose();
      onUploaded?.(item);
      void refresh();
    } catch (error) {
      upload.current = null;
      setPercent(null);
      if (error instanceof UploadCancelledError) return;
      const fallback =
        error instanceof ApiError ? 'Upload failed. Please try again.' : 'Failed to upload media. Please try again.';
      toast({ variant: 'destructive', title: 'Upload Failed', description: errorMessage(error, fallback) });
    }
  };

  const fileRule = FILE_RULES[draft.type];

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={phone}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>Upload Media</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          <TextField
            select
            label="Type"
            value={draft.type}
            disabled={uploading}
            onChange={(event) => {
              // The chosen file may not suit the new type: choose again.
              setDraft((current) => ({ ...current, type: event.target.value as MediaType, file: null }));
              setProblem(null);
            }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {MEDIA_TYPE_OPTIONS.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </TextField>
          <TextField
            select
            label="Album"
            value={draft.albumId}
            disabled={uploading}
            onChange={(event) => set('albumId', event.target.value)}
            helperText={albumsError ? 'Albums could not be loaded; you can still upload without one.' : undefined}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">No Album</option>
            {albums.map((album) => (
              <option key={album.id} value={album.id}>
                {album.name}
              </option>
            ))}
          </TextField>
          <TextField
            label="Title"
            value={draft.title}
            disabled={uploading}
            onChange={(event) => set('title', event.target.value)}
          />
          <TextField
            label="Date"
            type="date"
            value={draft.mediaDate}
            disabled={uploading}
            onChange={(event) => set('mediaDate', event.target.value)}
            helperText={
              draft.type === 'photo' ? "Leave empty to use the photo's own date, or today." : 'Leave empty for today.'
            }
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { placeholder: 'Pick a date' } }}
          />
          {isPost ? (
            <>
              <TextField
                label="Content"
                multiline
                minRows={3}
                value={draft.content}
                disabled={uploading}
                onChange={(event) => set('content', event.target.value)}
              />
              <TextField
                label="Website URL"
                type="url"
                placeholder="https://"
                value={draft.websiteUrl}
                disabled={uploading}
                onChange={(event) => set('websiteUrl', event.target.value)}
              />
            </>
          ) : (
            <TextField
              label="Description"
              multiline
              minRows={2}
              value={draft.description}
              disabled={uploading}
              onChange={(event) => set('description', event.target.value)}
            />
          )}
          <FilePicker
            label={isPost ? 'Image' : 'File'}
            optional={isPost}
            accept={fileRule.accept}
            file={draft.file}
            disabled={uploading}
            onChange={(file) => {
              set('file', file);
              setProblem(null);
            }}
          />
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          {uploading && (
            <Box>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label="Upload progress"
                sx={{ height: 10, borderRadius: 5 }}
              />
              <Typography sx={{ mt: 0.5, fontWeight: 600 }} aria-live="polite">
                {percent}%
              </Typography>
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={uploading} startIcon={<UploadFileOutlinedIcon />}>
            {uploading ? 'Uploading...' : 'Upload'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

type FilePickerProps = {
  label: string;
  optional: boolean;
  accept: string;
  file: File | null;
  disabled: boolean;
  onChange: (file: File | null) => void;
};

/** A big "Choose …" button over the native file input, with the chosen file's name. */
function FilePicker({ label, optional, accept, file, disabled, onChange }: FilePickerProps) {
  const inputId = useId();
  return (
    <Box>
      <Typography component="label" htmlFor={inputId} sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}>
        {label}
        {optional ? ' (optional)' : ''}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button component="label" htmlFor={inputId} variant="outlined" disabled={disabled}>
          {file ? 'Choose another' : `Choose ${label.toLowerCase()}`}
        </Button>
        <Typography sx={{ color: file ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}>
          {file ? file.name : 'No file chosen'}
        </Typography>
      </Box>
      <input
        id={inputId}
        type="file"
        accept={accept}
        disabled={disabled}
        // Visually hidden but reachable: the button above is its label.
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
          // The same file can be chosen again after a refusal.
          event.target.value = '';
        }}
      />
    </Box>
  );
}
