import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useVersions } from '../api/use-operator';
import { AdminSection } from './admin-section';

/** The archive's version and each service's migrations as the database has them. */
export function VersionsSection() {
  const { data, error, isLoading, refresh } = useVersions();
  return (
    <AdminSection id="versions" title="Versions" error={error} onRetry={refresh}>
      {isLoading || !data ? (
        <Skeleton variant="rounded" height={80} />
      ) : (
        <>
          <Typography>Family Archive {data.appVersion}</Typography>
          <List dense disablePadding aria-label="Database migrations per service">
            {data.services.map((service) => (
              <ListItem key={service.service} disableGutters sx={{ flexWrap: 'wrap', columnGap: 1 }}>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {service.service}:
                </Typography>
                <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {service.pending.length === 0
                    ? `up to date, ${service.applied} migrations (last ${service.last ?? 'none'})`
                    : `${service.pending.length} migrations not applied: ${service.pending.join(', ')}`}
                </Typography>
              </ListItem>
            ))}
          </List>
        </>
      )}
    </AdminSection>
  );
}
