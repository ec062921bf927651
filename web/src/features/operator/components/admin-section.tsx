import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error';
import { errorMessage } from '../../../lib/api';

type AdminSectionProps = {
  id: string;
  title: string;
  /** The part could not be read: its sentence and Try again, instead of the content. */
  error?: Error;
  onRetry?: () => void;
  children: ReactNode;
};

/** One part of the operator's page: a card named by its heading. */
export function AdminSection({ id, title, error, onRetry, children }: AdminSectionProps) {
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography id={id} variant="h5" component="h2">
          {title}
        </Typography>
        {error ? <LoadError message={errorMessage(error)} onRetry={onRetry} /> : children}
      </CardContent>
    </Card>
  );
}
