import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { fileOfAnyKind } from '../utils/upload-checks';

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/** Every file inside a dropped folder (and its folders), read through the entries API. */
async function filesOfEntry(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    return new Promise((resolve) =>
      (entry as FileSystemFileEntry).file(
        (file) => resolve([file]),
        () => resolve([]),
      ),
    );
  }
  if (!entry.isDirectory) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  // readEntries answers in pieces (100 at a time in Chromium) until it answers none.
  for (;;) {
    const piece = await new Promise<FileSystemEntry[]>((resolve) => reader.readEntries(resolve, () => resolve([])));
    if (piece.length === 0) break;
    children.push(...piece);
  }
  const nested = await Promise.all(children.map(filesOfEntry));
  return nested.flat().filter((file) => !file.name.startsWith('.') && fileOfAnyKind(file));
}

/** The dropped files, folders opened; read at once, as the browser empties the drop after the event. */
function droppedFiles(dataTransfer: DataTransfer): Promise<File[]> {
  const entries = [...dataTransfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((entry) => entry === null)) {
    return Promise.resolve([...dataTransfer.files]);
  }
  return Promise.all((entries as FileSystemEntry[]).map(filesOfEntry)).then((lists) => lists.flat());
}

/**
 * Drag and drop anywhere on the page (docs/product.md "Uploading many files"): while files are dragged over the
 * window a veil says where they go; dropped, they are handed to `onFiles`.
 */
export function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setOver(true);
    };
    const overWindow = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without this the browser would open the file instead of letting it drop here.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      depth = 0;
      setOver(false);
      void droppedFiles(event.dataTransfer).then((files) => {
        if (files.length > 0) onFiles(files);
      });
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', overWindow);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', overWindow);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [onFiles]);

  if (!over) return null;
  return (
    <Box
      data-testid="drop-overlay"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 'modal',
        // The drop lands on the window; the veil must not catch the drag events itself.
        pointerEvents: 'none',
        bgcolor: 'rgba(31, 65, 69, 0.82)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
      }}
    >
      <Box
        sx={{
          border: '4px dashed #ffffff',
          borderRadius: 3,
          p: { xs: 3, md: 6 },
          color: '#ffffff',
          textAlign: 'center',
          maxWidth: '40rem',
        }}
      >
        <CloudUploadOutlinedIcon sx={{ fontSize: '4rem' }} />
        <Typography variant="h4" component="p" sx={{ color: '#ffffff', mt: 1 }}>
          Drop photos and videos to upload them
        </Typography>
      </Box>
    </Box>
  );
}
