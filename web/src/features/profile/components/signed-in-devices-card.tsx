import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SignedInDevice } from '@family/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { ProfileSectionCard } from '../../../components/profile-section-card';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useEndDevice, useSignedInDevices } from '../api/use-signed-in-devices';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The browsers one is signed in on (docs/product.md "Signed-in devices"); any other one can be signed out. */
export function SignedInDevicesCard() {
  const devices = useSignedInDevices();
  const end = useEndDevice();
  const [ending, setEnding] = useState<SignedInDevice | null>(null);
  const { toast } = useToast();

  const confirm = async () => {
    if (!ending) return;
    try {
      await end.trigger(ending.id);
      toast({ title: 'Signed out', description: `${ending.browser} is signed out.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    }
    setEnding(null);
  };

  let body;
  if (devices.error) {
    body = (
      <LoadError
        message={errorMessage(devices.error, 'Could not load your signed-in devices. Try again.')}
        onRetry={() => void devices.mutate()}
      />
    );
  } else if (!devices.data) {
    body = <Typography>Loading…</Typography>;
  } else {
    body = (
      <List disablePadding aria-label="Signed-in devices">
        {devices.data.map((device) => (
          <ListItem
            key={device.id}
            disableGutters
            divider
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1.5 }}
          >
            <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {device.browser}{' '}
                {device.current && <Chip component="span" size="small" color="primary" label="This device" />}
              </Typography>
              <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                Signed in {when(device.signedInAt)} · last seen {when(device.lastSeenAt)} · from {device.address}
              </Typography>
            </Box>
            {!device.current && (
              <Button variant="outlined" onClick={() => setEnding(device)} aria-label={`Sign out ${device.browser}`}>
                Sign out
              </Button>
            )}
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <ProfileSectionCard title="Signed-in devices">
      {body}
      <ConfirmDialog
        open={ending !== null}
        title="Sign out this device?"
        description={`${ending?.browser ?? 'That browser'} will be signed out at once and need your password to sign in again.`}
        confirmLabel="Sign out"
        busyLabel="Signing out..."
        busy={end.isMutating}
        onConfirm={confirm}
        onCancel={() => setEnding(null)}
      />
    </ProfileSectionCard>
  );
}
