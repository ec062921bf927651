import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type SignedOutFrameProps = {
  /** The id of the card's heading, which names the page's main region. */
  labelledBy?: string;
  maxWidth: number;
  children: ReactNode;
};

/** The page around a card that is all one sees before the archive opens: sign-in, and a required two-step setup. */
export function SignedOutFrame({ labelledBy, maxWidth, children }: SignedOutFrameProps) {
  return (
    <Box
      component="main"
      aria-labelledby={labelledBy}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: { xs: 3, md: 6 },
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, color: 'primary.dark' }}>
        <FamilyRestroomIcon fontSize="large" />
        <Typography component="p" sx={{ fontSize: '1.5rem', fontWeight: 700 }}>
          Family Archive
        </Typography>
      </Box>
      <Card sx={{ width: '100%', maxWidth }}>{children}</Card>
    </Box>
  );
}
