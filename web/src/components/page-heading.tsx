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
  /** h1 for a page (it also names the browser tab); h2 for a section showing the same content inside a page. */
  level?: 'h1' | 'h2';
  /** For aria-labelledby of the section the heading names. */
  id?: string;
};

/** A page's heading (its one h1, which also names the browser tab), or a section's h2 of the same shape. */
export function PageHeading({ title, subtitle, actions, avatar, level = 'h1', id }: PageHeadingProps) {
  useEffect(() => {
    if (level === 'h1') document.title = `${title} · Family Archive`;
  }, [title, level]);

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
          <Typography
            id={id}
            variant={level === 'h1' ? 'h4' : 'h5'}
            component={level}
            sx={{ overflowWrap: 'anywhere' }}
          >
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
