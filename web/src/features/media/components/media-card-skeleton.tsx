import Skeleton from '@mui/material/Skeleton';

/** A square like a thumbnail while the first page loads. */
export function MediaCardSkeleton() {
  return (
    <Skeleton
      data-testid="media-card-skeleton"
      aria-hidden
      variant="rectangular"
      sx={{ aspectRatio: '1 / 1', height: 'auto', borderRadius: 0 }}
    />
  );
}
