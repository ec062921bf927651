import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centred spinner for whole-page waits (session, a page's code). */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      sx={{
        minHeight: '60vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 4,
      }}
    >
      <CircularProgress aria-label={label} size={48} />
    </Box>
  );
}
