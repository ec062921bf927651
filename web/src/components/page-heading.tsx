import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';

type PageHeadingProps = {
  title: string;
  subtitle?: ReactNode;
  /** Buttons shown beside the title. */
  actions?: ReactNode;
  /** A picture before the title (a person's avatar). */
  avatar?: ReactNode;
};

/** The page's one h1; also names the browser tab. */
export function PageHeading({ title, subtitle, actions, avatar }: PageHeadingProps) {
  useEffect(() => {
    document.title = `${title} · Family Archive`;
  }, [title]);

  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
      }}
    >
      <Box sx={{ minWidth: 0, display: 'flex', alignItems: 'center', gap: 2 }}>
        {avatar}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body1" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
