import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { PasskeySummary } from '@family/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useRemovePasskey } from '../api/use-passkeys';
import { AddPasskeyButton } from './add-passkey-button';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The member's passkeys, each removable after asking, and Add a passkey. */
export function PasskeyList({ passkeys }: { passkeys: PasskeySummary[] }) {
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const { toast } = useToast();

  const confirm = async () => {
    if (!removing) return;
    try {
      await remove.trigger(removing.id);
      toast({ title: 'Passkey removed' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    }
    setRemoving(null);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography component="h3" variant="h6">
        Passkeys
      </Typography>
      {passkeys.length === 0 ? (
        <Typography>
          None yet. A passkey is kept by this device, your phone or a security key, and unlocked with your fingerprint,
          face or screen lock.
        </Typography>
      ) : (
        <List disablePadding aria-label="Passkeys">
          {passkeys.map((passkey) => (
            <ListItem
              key={passkey.id}
              disableGutters
              divider
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
            >
              <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{passkey.name}</Typography>
                <Typography sx={{ color: 'text.secondary' }}>
                  Added {day(passkey.createdAt)}
                  {passkey.lastUsedAt ? ` · last used ${day(passkey.lastUsedAt)}` : ' · not used yet'}
                </Typography>
              </Box>
              <Button
                variant="outlined"
                color="error"
                onClick={() => setRemoving(passkey)}
                aria-label={`Remove ${passkey.name}`}
              >
                Remove
              </Button>
            </ListItem>
          ))}
        </List>
      )}
      <Box>
        <AddPasskeyButton />
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this passkey?"
        description={`${removing?.name ?? 'The passkey'} will no longer sign you in. Remove it from the device too.`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isMutating}
        onConfirm={confirm}
        onCancel={() => setRemoving(null)}
      />
    </Box>
  );
}
