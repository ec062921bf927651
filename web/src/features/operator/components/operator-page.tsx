import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { useUserRole } from '../../../lib/queries/current-user';
import { AdminsSection } from './admins-section';
import { BackupsSection } from './backups-section';
import { IntegritySection } from './integrity-section';
import { QueueSection } from './queue-section';
import { SignUpSection } from './sign-up-section';
import { StorageSection } from './storage-section';
import { VersionsSection } from './versions-section';

/**
 * /admin (docs/product.md "The operator's page"): what an admin keeps an eye on to run the archive for years. Each
 * part reads its own route, so one service away leaves the others readable.
 */
export function OperatorPage() {
  const { admin, isLoading } = useUserRole(true);
  if (isLoading) return <PageSpinner label="Loading the admin page" />;
  if (!admin) {
    return (
      <>
        <PageHeading title="Admin" />
        <Alert severity="info" variant="outlined" sx={{ fontSize: '1.05rem' }}>
          This page is for the archive&apos;s admins. An admin can name you one from here.
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeading title="Admin" subtitle="Queues, integrity, backups, storage, versions, sign-up and admins." />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <QueueSection queue="media" />
        <QueueSection queue="family" />
        <IntegritySection />
        <BackupsSection />
        <StorageSection />
        <VersionsSection />
        <SignUpSection />
        <AdminsSection />
      </Box>
    </>
  );
}
