import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { UploadDialog } from './upload-dialog';

/** The Upload button and its dialog. */
export function UploadButton({ defaultAlbumId }: { defaultAlbumId?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" size="large" startIcon={<CloudUploadOutlinedIcon />} onClick={() => setOpen(true)}>
        Upload
      </Button>
      <UploadDialog open={open} onClose={() => setOpen(false)} defaultAlbumId={defaultAlbumId} />
    </>
  );
}
