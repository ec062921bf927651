import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import type { MediaItem, UploadLimits, UploadMediaFields } from '@family/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { PersonPicker } from '../../../components/person-picker';
import { errorToast, useFormSubmit } from '../../../components/form/use-form-submit';
import { ApiError } from '../../../lib/api';
import type { PickablePerson } from '../../../lib/queries/people';
import { UPLOAD_LIMITS_KEY, useRefreshMedia } from '../../../lib/queries/media';
import { type MediaUploadHandle, UploadCancelledError, uploadMedia } from '../api/upload-media';
import { useAlbumChoices } from '../api/use-album-choices';
import { useUploadQueue } from '../upload-queue/upload-queue-context';
import type { BatchFields } from '../upload-queue/upload-queue';
import { checkFiles, checkUpload, FILE_RULES } from '../utils/upload-checks';
import { ChosenFiles, FilePicker } from './file-pickers';

type UploadDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Preselects an album (an album's own page). */
  defaultAlbumId?: number;
  /** Files chosen before the dialog opened: dropped on the gallery, or shared from a phone's gallery. */
  initialFiles?: File[];
  /**
   * The initial files were shared with the app: there is no file on disk to choose again after a reload, so the
   * queue keeps them in the browser until they are uploaded.
   */
  shared?: boolean;
  /** After a post is uploaded. */
  onUploaded?: (item: MediaItem) => void;
  /** After files went into the upload queue. */
  onQueued?: (count: number) => void;
};

type Kind = 'files' | 'post';

type Draft = {
  kind: Kind;
  albumId: string;
  title: string;
  mediaDate: string;
  description: string;
  content: string;
  websiteUrl: string;
  files: File[];
  postImage: File | null;
  tagged: PickablePerson[];
};

const emptyDraft = (albumId?: number, files: File[] = []): Draft => ({
  kind: 'files',
  albumId: albumId ? String(albumId) : '',
  title: '',
  mediaDate: '',
  description: '',
  content: '',
  websiteUrl: '',
  files,
  postImage: null,
  tagged: [],
});

const KINDS: ReadonlyArray<{ value: Kind; label: string }> = [
  { value: 'files', label: 'Photos, videos and other files' },
  { value: 'post', label: 'Post' },
];

/**
 * The same file twice (chosen again, or handed over again) goes into the batch once. A file without a known date
 * (a shared one) gives a new `lastModified` each time it is asked, so the very same object counts first.
 */
function withoutRepeats(files: File[]): File[] {
  const seenFiles = new Set<File>();
  const seen = new Set<string>();
  return files.filter((file) => {
    const identity = `${file.name}/${file.size}/${file.lastModified}`;
    if (seenFiles.has(file) || seen.has(identity)) return false;
    seenFiles.add(file);
    seen.add(identity);
    return true;
  });
}

/**
 * The "Upload dialog" of docs/product.md: many files at once with fields set once for the whole batch (a title too
 * when there is one file), handed to the upload queue; or a post, sent at once with a progress bar that can be
 * cancelled.
 */
export function UploadDialog({
  open,
  onClose,
  defaultAlbumId,
  initialFiles,
  shared = false,
  onUploaded,
  onQueued,
}: UploadDialogProps) {
  const refresh = useRefreshMedia();
  const queue = useUploadQueue();
  const { albums, error: albumsError } = useAlbumChoices();
  const { data: limits } = useSWR<UploadLimits>(UPLOAD_LIMITS_KEY);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(defaultAlbumId, initialFiles));
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  const upload = useRef<MediaUploadHandle | null>(null);
  const isPost = draft.kind === 'post';

  // Files dropped or shared while the dialog is open join those chosen.
  useEffect(() => {
    if (!initialFiles?.length) return;
    setDraft((current) => ({ ...current, kind: 'files', files: withoutRepeats([...current.files, ...initialFiles]) }));
  }, [initialFiles]);

  // A dialog closed in the middle of a post's upload stops it.
  useEffect(() => () => upload.current?.cancel(), []);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const sendPost = () => {
    const check = checkUpload({ type: 'post', title: draft.title, file: draft.postImage }, limits?.maxUploadBytes);
    setProblem(check);
    if (check) return null;
    const fields: UploadMediaFields = {
      type: 'post',
      title: draft.title.trim(),
      ...(draft.albumId ? { albumId: String(Number.parseInt(draft.albumId, 10)) } : {}),
      ...(draft.mediaDate ? { mediaDate: draft.mediaDate } : {}),
      content: draft.content,
      websiteUrl: draft.websiteUrl,
    };
    // Fields before the file: the server can refuse a file of the wrong kind without reading all of it.
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (draft.postImage) form.append('file', draft.postImage, draft.postImage.name);

    setPercent(0);
    const handle = uploadMedia(form, ({ loaded, total }) =>
      setPercent(Math.min(100, Math.round((loaded / total) * 100))),
    );
    upload.current = handle;
    return handle.promise.finally(() => {
      upload.current = null;
    });
  };

  const queueFiles = () => {
    const check = checkFiles(draft.files, limits?.maxUploadBytes);
    setProblem(check);
    if (check) return null;
    const fields: BatchFields = {
      ...(draft.files.length === 1 && draft.title.trim() ? { title: draft.title.trim() } : {}),
      ...(draft.description.trim() ? { description: draft.description.trim() } : {}),
      ...(draft.mediaDate ? { mediaDate: draft.mediaDate } : {}),
      ...(draft.albumId ? { albumId: Number.parseInt(draft.albumId, 10) } : {}),
      ...(draft.tagged.length ? { taggedUsers: draft.tagged.map((person) => person.id) } : {}),
    };
    queue.add(draft.files, fields, shared ? draft.files.filter((file) => initialFiles?.includes(file)) : []);
    return Promise.resolve<{ queued: number } | MediaItem>({ queued: draft.files.length });
  };

  const form = useFormSubmit<{ queued: number } | MediaItem>({
    send: () => (isPost ? sendPost() : queueFiles()),
    // Queued files show in the uploads panel at once: a toast over it would only hide it.
    success: (result) => ('queued' in result ? null : { title: 'Media uploaded successfully' }),
    refresh: (result) => {
      if ('queued' in result) return onQueued?.(result.queued);
      onUploaded?.(result);
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
  const oneFile = !isPost && draft.files.length === 1;
  const count = draft.files.length;

  return (
    <FormDialog
      open={open}
      form={form}
      title="Upload Media"
      submitLabel={!isPost && count > 1 ? `Upload ${count} files` : 'Upload'}
      busyLabel="Uploading..."
      submitIcon={<UploadFileOutlinedIcon />}
      // docs/product.md "Upload dialog": Cancel stops a running upload, and otherwise closes.
      onCancel={() => (uploading ? upload.current?.cancel() : form.close())}
      fullScreenOnPhone
    >
      <TextField
        select
        label="Type"
        value={draft.kind}
        disabled={uploading}
        onChange={(event) => {
          set('kind', event.target.value as Kind);
          setProblem(null);
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {KINDS.map((kind) => (
          <option key={kind.value} value={kind.value}>
            {kind.label}
          </option>
        ))}
      </TextField>
      {!isPost && (
        <>
          <FilePicker
            label="Files"
            multiple
            offerFolder
            disabled={uploading}
            chosen={count}
            onChange={(files) => {
              setDraft((current) => ({ ...current, files: withoutRepeats([...current.files, ...files]) }));
              setProblem(null);
            }}
          />
          <ChosenFiles
            files={draft.files}
            maxBytes={limits?.maxUploadBytes}
            onRemove={(file) =>
              set(
                'files',
                draft.files.filter((other) => other !== file),
              )
            }
          />
        </>
      )}
      {(isPost || oneFile) && (
        <TextField
          label="Title"
          value={draft.title}
          disabled={uploading}
          onChange={(event) => set('title', event.target.value)}
          helperText={isPost ? undefined : "Leave empty to use the file's name."}
        />
      )}
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
        label="Date"
        type="date"
        value={draft.mediaDate}
        disabled={uploading}
        onChange={(event) => set('mediaDate', event.target.value)}
        helperText={isPost ? 'Leave empty for today.' : "Leave empty to use each photo's own date, or today."}
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
          <FilePicker
            label="Image"
            optional
            accept={FILE_RULES.post.accept}
            disabled={uploading}
            chosen={draft.postImage ? 1 : 0}
            chosenName={draft.postImage?.name}
            onChange={(files) => {
              set('postImage', files[0] ?? null);
              setProblem(null);
            }}
          />
        </>
      ) : (
        <>
          <TextField
            label="Description"
            multiline
            minRows={2}
            value={draft.description}
            disabled={uploading}
            onChange={(event) => set('description', event.target.value)}
          />
          <PersonPicker
            multiple
            label="Tag people"
            value={draft.tagged}
            disabled={uploading}
            onChange={(people) => set('tagged', people)}
            helperText="Type part of a name. Everyone tagged is tagged in every file."
          />
        </>
      )}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {uploading && isPost && (
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
