import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Fab from '@mui/material/Fab';
import { useEffect, useState } from 'react';
import { UploadDialog } from './upload-dialog';

type UploadButtonProps = {
  defaultAlbumId?: number;
  /** Files dropped on the page: the dialog opens with them (a new object each drop). */
  dropped?: { files: File[] } | null;
};

/** The gallery's Upload, a floating button at the screen's bottom right over the pictures, and its dialog. */
export function UploadButton({ defaultAlbumId, dropped }: UploadButtonProps) {
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  useEffect(() => {
    if (!dropped?.files.length) return;
    setFiles(dropped.files);
    setOpen(true);
  }, [dropped]);
  return (
    <>
      <Fab
        variant="extended"
        color="primary"
        onClick={() => setOpen(true)}
        sx={{
          position: 'fixed',
          right: { xs: 16, md: 32 },
          bottom: { xs: 16, md: 32 },
          gap: 1,
          fontSize: '1.05rem',
          height: 'auto',
          minHeight: 56,
          // Above the pictures; the uploads panel and the dialogs come above it.
          zIndex: (theme) => theme.zIndex.speedDial,
        }}
      >
        <CloudUploadOutlinedIcon />
        Upload
      </Fab>
      <UploadDialog
        open={open}
        onClose={() => {
          setOpen(false);
          setFiles([]);
        }}
        defaultAlbumId={defaultAlbumId}
        initialFiles={files}
      />
    </>
  );
}
