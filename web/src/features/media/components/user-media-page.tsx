import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { MediaItem } from '@family/contract';
import { LoadError } from '../../../components/load-error';
import { NotFound } from '../../../components/not-found';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api';
import { useUserProfile } from '../../../lib/queries/people';
import type { MediaDetailSlots } from '../types';
import { MediaGrid } from './media-grid';

type UserMediaPageProps = {
  userId: number;
  /** Uploaded or tagged: person {id}'s media, not the viewer's (docs/product.md "A person's media pages"). */
  kind: 'uploaded' | 'tagged';
  /** More buttons on each card beside Tag Users: the albums work passes its 'Add to Album' button here. */
  renderCardActions?: (item: MediaItem) => ReactNode;
  detailSlots?: MediaDetailSlots;
};

const TITLES = { uploaded: 'Uploaded Media', tagged: 'Tagged Media' } as const;

/** /profile/{id}/uploaded and /profile/{id}/tagged: one person's media in the same grid, with a way back. */
export function UserMediaPage({ userId, kind, renderCardActions, detailSlots }: UserMediaPageProps) {
  // The same query the profile pages use, so a profile just seen is shown at once.
  const { user, error, isLoading, retry } = useUserProfile(userId);
  if (isLoading) return <PageSpinner />;
  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  if (error || !user) {
    return <LoadError message={errorMessage(error, 'Could not load this profile.')} onRetry={retry} />;
  }
  const name = user.displayName || user.username;
  return (
    <>
      <Link
        component={RouterLink}
        to={paths.userProfile.getHref(user.id)}
        sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, mb: 2 }}
      >
        Back to {name}'s profile
      </Link>
      <PageHeading title={TITLES[kind]} subtitle={name} />
      <MediaGrid
        scope={kind === 'uploaded' ? { uploadedBy: userId } : { taggedUserId: userId }}
        renderCardActions={renderCardActions}
        detailSlots={detailSlots}
      />
    </>
  );
}
