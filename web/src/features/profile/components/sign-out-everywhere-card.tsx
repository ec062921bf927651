import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import { useSignOutEverywhere } from '../api/use-sign-out-everywhere';
import { ProfileSectionCard } from '../../../components/profile-section-card';

/** The owner ends every session of their account (a lost phone, a shared computer), after confirming. */
export function SignOutEverywhereCard() {
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutEverywhere();
  const { toast } = useToast();
  const navigate = useNavigate();

  const confirm = async () => {
    try {
      await signOut.trigger();
      setConfirming(false);
      navigate(paths.home.getHref(), { replace: true });
      toast({ title: 'Signed out everywhere', description: 'Sign in again with your password.' });
    } catch (error) {
      setConfirming(false);
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    }
  };

  return (
    <ProfileSectionCard title="Sign out everywhere">
      <Typography sx={{ mb: 2 }}>
        Signed in on a phone you lost or a computer that is not yours? This signs you out on every device and browser,
        this one included.
      </Typography>
      <Button variant="outlined" onClick={() => setConfirming(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere?"
        description="You will be signed out on every device and browser, including this one, and need your password to sign in again."
        confirmLabel="Sign out everywhere"
        busyLabel="Signing out..."
        busy={signOut.isMutating}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </ProfileSectionCard>
  );
}
