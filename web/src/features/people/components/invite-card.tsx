import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { PersonInvite } from '@family/contract';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { ProfileSectionCard } from '../../../components/profile-section-card';
import { useInvitePerson } from '../api/use-person';

/** A one-time sign-up as this person: the code as text, the link, and the link as a QR code for a phone. */
export function InviteCard({ personId, name }: { personId: number; name: string }) {
  const invite = useInvitePerson(personId);
  const [made, setMade] = useState<PersonInvite | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const { toast } = useToast();
  const link = made ? new URL(made.url, window.location.origin).toString() : null;

  useEffect(() => {
    if (!link) return;
    let current = true;
    QRCode.toDataURL(link, { margin: 1, width: 220 }).then(
      (url) => current && setQr(url),
      () => current && setQr(null),
    );
    return () => {
      current = false;
    };
  }, [link]);

  const make = async () => {
    try {
      setMade(await invite.trigger());
    } catch (e) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(e) });
    }
  };

  return (
    <ProfileSectionCard title="Invite">
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        {name} can sign up as themselves with a one-time code, keeping everything the family has added about them.
      </Typography>
      {made && link ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          {qr && <img src={qr} alt={`Invite QR code for ${name}`} width={160} height={160} />}
          <Box sx={{ minWidth: 0 }}>
            <Typography>Invite code</Typography>
            <Typography
              data-testid="invite-code"
              sx={{ fontFamily: 'monospace', fontSize: '1.4rem', letterSpacing: 1, overflowWrap: 'anywhere' }}
            >
              {made.code}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{link}</Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              Valid once, until {new Date(made.expiresAt).toLocaleDateString()}.
            </Typography>
          </Box>
        </Box>
      ) : (
        <Button variant="outlined" onClick={() => void make()} disabled={invite.isMutating}>
          Invite {name}
        </Button>
      )}
    </ProfileSectionCard>
  );
}
