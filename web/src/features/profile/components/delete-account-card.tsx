import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import { useDeleteAccount } from '../api/use-delete-account';
import { ProfileSectionCard } from '../../../components/profile-section-card';

/** The owner removes their account and everything of theirs, after confirming. */
export function DeleteAccountCard() {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccount();
  const { toast } = useToast();
  const navigate = useNavigate();

  const confirm = async () => {
    try {
      await remove.trigger();
      setConfirming(false);
      navigate(paths.home.getHref(), { replace: true });
      toast({ title: 'Account deleted successfully' });
    } catch (error) {
      setConfirming(false);
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    }
  };

  return (
    <ProfileSectionCard title="Delete account">
      <Typography sx={{ mb: 2 }}>
        This removes your account, your profile, your memories, everything you uploaded and your place in the family
        tree.
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
        Delete account
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Are you sure?"
        description="This action cannot be undone. This will permanently delete your account and remove your data from our servers."
        confirmLabel="Delete account"
        busyLabel="Deleting..."
        destructive
        busy={remove.isMutating}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </ProfileSectionCard>
  );
}
