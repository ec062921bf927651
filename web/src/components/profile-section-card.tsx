import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

type ProfileSectionCardProps = {
  title: string;
  /** Beside the title: 'See All', 'Add memory', 'Edit'. */
  action?: ReactNode;
  children: ReactNode;
  /** Spans both columns of the profile grid. */
  wide?: boolean;
};

/** One card of the profile page: a titled region. */
export function ProfileSectionCard({ title, action, children, wide = false }: ProfileSectionCardProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
            mb: 2,
          }}
        >
          <Typography id={headingId} variant="h5" component="h2">
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
