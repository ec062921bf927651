import { PageHeading } from '../../../components/page-heading';

/** Albums the signed-in person can see. The album grid and dialogs come next. */
export function AlbumsPage() {
  return <PageHeading title="Albums" subtitle="Collections of media shared with the family." />;
}
