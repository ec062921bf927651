import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';

export const NOT_FOUND_TEXT = "The page you're looking for doesn't exist or you don't have permission to view it.";

/** Shown for unknown paths, and for things one may not see (the server answers 404 for both). */
export function NotFound() {
  useEffect(() => {
    document.title = 'Page not found · Family Archive';
  }, []);

  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 2, md: 6 }, p: { xs: 3, md: 5 }, textAlign: 'center' }}
    >
      <Typography variant="h4" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography variant="body1" sx={{ mb: 3 }}>
        {NOT_FOUND_TEXT}
      </Typography>
      <Button component={RouterLink} to={paths.home.getHref()} variant="contained" size="large">
        Go to the Media Gallery
      </Button>
    </Paper>
  );
}
