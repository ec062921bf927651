import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AdminMember } from '@family/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { nameAdmin, useMembers } from '../api/use-operator';
import { AdminSection } from './admin-section';

/** The members, the admins marked; an admin names another member admin (after asking). */
export function AdminsSection() {
  const { data, error, isLoading, refresh } = useMembers();
  const { toast } = useToast();
  const [asked, setAsked] = useState<AdminMember | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const onConfirm = async () => {
    if (!asked) return;
    setBusy(true);
    try {
      await nameAdmin(asked.id);
      toast({ title: 'Admin named', description: `${asked.username} is now an admin.` });
      setOpen(false);
      await refresh();
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminSection id="admins" title="Admins" error={error} onRetry={refresh}>
      {isLoading || !data ? (
        <Skeleton variant="rounded" height={80} />
      ) : (
        <List disablePadding aria-label="Members">
          {data.members.map((member) => (
            <ListItem
              key={member.id}
              disableGutters
              divider
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
            >
              <Typography sx={{ flex: '1 1 10rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                {member.username}
              </Typography>
              {member.admin ? (
                <Chip label="Admin" color="primary" variant="outlined" />
              ) : (
                <Button
                  variant="outlined"
                  aria-label={`Make admin: ${member.username}`}
                  onClick={() => {
                    setAsked(member);
                    setOpen(true);
                  }}
                >
                  Make admin
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={open}
        title={`Make ${asked?.username ?? ''} admin?`}
        description="An admin sees this page: the queues, storage, backups and every member, and can name more admins."
        confirmLabel="Make admin"
        busy={busy}
        busyLabel="Naming…"
        onConfirm={() => void onConfirm()}
        onCancel={() => setOpen(false)}
      />
    </AdminSection>
  );
}
