import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { paths } from '../../../config/paths';
import { forgetSharedFiles, readSharedFiles } from '../../../lib/share-inbox';
import { UploadDialog } from './upload-dialog';

/**
 * /share: where "Share → Family Archive" on a phone lands (docs/product.md "Installing the app"). The service worker
 * kept the shared photos and videos; they open in the upload dialog, for the batch's album, date and tags.
 */
export function SharePage({ arrivalKey }: { arrivalKey: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[] | null>(null);
  const [open, setOpen] = useState(true);
  const missed = params.get('received') === '0';

  useEffect(() => {
    let current = true;
    void readSharedFiles()
      .catch(() => [])
      .then((waiting) => {
        if (current) setFiles(waiting);
      });
    return () => {
      current = false;
    };
  }, [arrivalKey]);

  if (files === null) return <PageSpinner label="Opening the shared files" />;
  return (
    <>
      <PageHeading title="Shared with the archive" />
      {files.length === 0 ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
          <Alert severity="info">
            {missed
              ? 'The shared files did not reach the app. Open the archive once, then share them again.'
              : 'There is nothing waiting here: the shared files have gone to the uploads already.'}
          </Alert>
          <Button component={RouterLink} to={paths.home.getHref()} variant="contained">
            Back to the gallery
          </Button>
        </Box>
      ) : (
        <>
          <Typography>
            {files.length === 1 ? '1 file arrived.' : `${files.length} files arrived.`} Choose an album, a date and who
            is in them, then Upload.
          </Typography>
          <UploadDialog
            open={open}
            initialFiles={files}
            shared
            onClose={() => {
              // Cancelled, or closed once queued (the queue keeps its own copy): the inbox is done with.
              void forgetSharedFiles().catch(() => undefined);
              setOpen(false);
            }}
            onQueued={() => {
              void forgetSharedFiles().catch(() => undefined);
              navigate(paths.home.getHref(), { replace: true });
            }}
          />
          {!open && (
            <Button component={RouterLink} to={paths.home.getHref()} variant="contained" sx={{ mt: 2 }}>
              Back to the gallery
            </Button>
          )}
        </>
      )}
    </>
  );
}
