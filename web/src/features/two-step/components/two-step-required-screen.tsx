import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useId } from 'react';
import { SignedOutFrame } from '../../../components/layout/signed-out-frame';
import { AddPasskeyButton } from './add-passkey-button';
import { TotpSetup } from './totp-setup';

type TwoStepRequiredScreenProps = {
  /** Two-step sign-in is on and the codes were seen: the archive opens. */
  onDone: () => void;
  onLogout: () => void;
  loggingOut: boolean;
};

/**
 * Where the archive requires two-step sign-in (REQUIRE_2FA), a member without it sees only this until it is set up
 * (docs/rights.md "Two-step sign-in").
 */
export function TwoStepRequiredScreen({ onDone, onLogout, loggingOut }: TwoStepRequiredScreenProps) {
  const titleId = useId();
  useEffect(() => {
    document.title = 'Set up two-step sign-in · Family Archive';
  }, []);
  return (
    <SignedOutFrame labelledBy={titleId} maxWidth={560}>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography id={titleId} variant="h4" component="h1" sx={{ fontSize: { xs: '1.8rem', sm: '2rem' } }}>
          Set up two-step sign-in
        </Typography>
        <Typography>
          This archive asks every member to sign in with a password and a code from an app on their phone. Set it up
          once to go on; from then on, signing in asks for the code.
        </Typography>
        <TotpSetup doneLabel="I have saved my recovery codes, go on" onDone={onDone} />
        <Typography>Or use a passkey: this device, your phone or a security key.</Typography>
        <Box>
          <AddPasskeyButton onAdded={onDone} />
        </Box>
        <Box>
          <Button variant="text" onClick={onLogout} disabled={loggingOut}>
            {loggingOut ? 'Logging out...' : 'Logout'}
          </Button>
        </Box>
      </CardContent>
    </SignedOutFrame>
  );
}
