import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { GedcomDownloadDialog } from './gedcom-download-dialog';
import { GedcomImportDialog } from './gedcom-import-dialog';

/** The two GEDCOM buttons, on /people and the family tree (docs/product.md#gedcom). */
export function GedcomActions() {
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<FileUploadOutlinedIcon />} onClick={() => setImporting(true)}>
          Import from a genealogy program
        </Button>
        <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={() => setDownloading(true)}>
          Download GEDCOM
        </Button>
      </Stack>
      <GedcomImportDialog open={importing} onClose={() => setImporting(false)} />
      <GedcomDownloadDialog open={downloading} onClose={() => setDownloading(false)} />
    </>
  );
}
