import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useChangePassword } from '../api/use-change-password';
import { ProfileSectionCard } from '../../../components/profile-section-card';

type Problems = { currentPassword?: string; newPassword?: string };

/** The owner changes their password with the current one. */
export function ChangePasswordCard() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const change = useChangePassword();

  const form = useFormSubmit({
    send: () => {
      const found: Problems = {};
      if (!currentPassword) found.currentPassword = 'Please enter your current password';
      if (newPassword.length < 6) found.newPassword = 'Password must be at least 6 characters';
      setProblems(found);
      if (found.currentPassword || found.newPassword) return null;
      return change.trigger({ currentPassword, newPassword });
    },
    success: () => ({ title: 'Your password has been changed' }),
    reset: () => {
      setCurrentPassword('');
      setNewPassword('');
    },
  });

  return (
    <ProfileSectionCard title="Change password">
      <Box
        component="form"
        noValidate
        onSubmit={form.onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            if (problems.currentPassword) setProblems((p) => ({ ...p, currentPassword: undefined }));
          }}
          disabled={form.busy}
          error={!!problems.currentPassword}
          helperText={problems.currentPassword}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => {
            setNewPassword(event.target.value);
            if (problems.newPassword) setProblems((p) => ({ ...p, newPassword: undefined }));
          }}
          disabled={form.busy}
          error={!!problems.newPassword}
          helperText={problems.newPassword ?? 'At least 6 characters.'}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={form.busy}>
            {form.busy ? 'Changing Password...' : 'Change Password'}
          </Button>
        </Box>
      </Box>
    </ProfileSectionCard>
  );
}
