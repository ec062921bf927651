import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

type LoadErrorProps = {
  message: string;
  onRetry?: () => void;
};

/** Something could not be loaded: say so in words and offer to try again. */
export function LoadError({ message, onRetry }: LoadErrorProps) {
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', my: 4, px: 2 }}>
      <Alert
        severity="error"
        variant="outlined"
        sx={{ fontSize: '1.05rem', alignItems: 'center' }}
        action={
          onRetry && (
            <Button color="inherit" onClick={onRetry} sx={{ fontWeight: 700 }}>
              Try again
            </Button>
          )
        }
      >
        {message}
      </Alert>
    </Box>
  );
}
