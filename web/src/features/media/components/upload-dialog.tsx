import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import useSWR from 'swr';
import type { MediaItem, MediaType, UploadLimits, UploadMediaFields } from '@family/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { errorToast, useFormSubmit } from '../../../components/form/use-form-submit';
import { ApiError } from '../../../lib/api';
import { UPLOAD_LIMITS_KEY, useRefreshMedia } from '../../../lib/queries/media';
import { type MediaUploadHandle, UploadCancelledError, uploadMedia } from '../api/upload-media';
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
  const refresh = useRefreshMedia();
  const { albums, error: albumsError } = useAlbumChoices();
  const { data: limits } = useSWR<UploadLimits>(UPLOAD_LIMITS_KEY);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(defaultAlbumId));
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  const upload = useRef<MediaUploadHandle | null>(null);
  const isPost = draft.type === 'post';

  // A dialog closed in the middle of an upload stops it.
  useEffect(() => () => upload.current?.cancel(), []);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const send = () => {
    const check = checkUpload({ type: draft.type, title: draft.title, file: draft.file }, limits?.maxUploadBytes);
    setProblem(check);
    if (check) return null;

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
    return handle.promise.finally(() => {
      upload.current = null;
    });
  };

  const form = useFormSubmit({
    send,
    success: () => ({ title: 'Media uploaded successfully' }),
    refresh: (item) => {
      onUploaded?.(item);
      void refresh();
    },
    // Cancelling is not a failure; any other is said under its own title.
    failure: (error) =>
      error instanceof UploadCancelledError
        ? null
        : {
            ...errorToast(
              error,
              error instanceof ApiError
                ? 'Upload failed. Please try again.'
                : 'Failed to upload media. Please try again.',
            ),
            title: 'Upload Failed',
          },
    reset: () => {
      setDraft(emptyDraft(defaultAlbumId));
      setProblem(null);
    },
    onClose,
  });
  const uploading = form.busy;
  const fileRule = FILE_RULES[draft.type];

  return (
    <FormDialog
      open={open}
      form={form}
      title="Upload Media"
      submitLabel="Upload"
      busyLabel="Uploading..."
      submitIcon={<UploadFileOutlinedIcon />}
      // docs/product.md "Upload dialog": Cancel stops a running upload, and otherwise closes.
      onCancel={() => (uploading ? upload.current?.cancel() : form.close())}
      fullScreenOnPhone
    >
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
    </FormDialog>
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
