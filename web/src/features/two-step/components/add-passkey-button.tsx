import Button from '@mui/material/Button';
import type { PasskeySummary } from '@family/contract';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { passkeyProblem } from '../../../lib/passkey-errors';
import { useAddPasskey } from '../api/use-passkeys';

/** Makes a passkey on this device (or a phone or security key the browser offers) for signing in. */
export function AddPasskeyButton({ onAdded }: { onAdded?: (passkey: PasskeySummary) => void }) {
  const add = useAddPasskey();
  const { toast } = useToast();
  const onClick = async () => {
    try {
      const passkey = await add.trigger();
      toast({ title: 'Passkey added', description: `${passkey.name} can now be the second step of signing in.` });
      onAdded?.(passkey);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: passkeyProblem(error, 'set up an authenticator app instead') ?? errorMessage(error),
      });
    }
  };
  return (
    <Button variant="outlined" onClick={onClick} disabled={add.isMutating}>
      {add.isMutating ? 'Waiting for the passkey...' : 'Add a passkey'}
    </Button>
  );
}
