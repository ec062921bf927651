import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';

/** A card-shaped placeholder while the first page loads. */
export function MediaCardSkeleton() {
  return (
    <Card data-testid="media-card-skeleton" aria-hidden>
      <Skeleton variant="rectangular" sx={{ height: '12rem' }} />
      <CardContent>
        <Skeleton variant="text" sx={{ fontSize: '1.1rem', width: '70%' }} />
        <Skeleton variant="text" sx={{ width: '40%' }} />
      </CardContent>
    </Card>
  );
}
