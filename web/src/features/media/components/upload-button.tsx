import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { UploadDialog } from './upload-dialog';

type UploadButtonProps = {
  defaultAlbumId?: number;
  /** Files dropped on the page: the dialog opens with them (a new object each drop). */
  dropped?: { files: File[] } | null;
};

/** The Upload button and its dialog. */
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
      <Button variant="contained" size="large" startIcon={<CloudUploadOutlinedIcon />} onClick={() => setOpen(true)}>
        Upload
      </Button>
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
