import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { ProfileSectionCard } from '../../../components/profile-section-card';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { errorMessage } from '../../../lib/api';
import { useDisableTwoStep, useTwoStepStatus } from '../api/use-two-step';
import { PasskeyList } from './passkey-list';
import { TotpSetup } from './totp-setup';

/** On one's own profile: two-step sign-in, on or off, and turning it on or off. */
export function TwoStepCard() {
  const status = useTwoStepStatus();
  const [settingUp, setSettingUp] = useState(false);

  let body;
  if (status.error) {
    body = (
      <LoadError
        message={errorMessage(status.error, 'Could not load your two-step sign-in. Try again.')}
        onRetry={() => void status.mutate()}
      />
    );
  } else if (!status.data) {
    body = <Typography>Loading…</Typography>;
  } else if (status.data.totp && !settingUp) {
    body = <TurnOff recoveryCodesLeft={status.data.recoveryCodesLeft} />;
  } else {
    body = (
      <>
        {!settingUp && (
          <Typography sx={{ mb: 2 }}>
            Off. With it on, signing in takes your password and a code from an app on your phone, so a password alone is
            not enough to see your family&apos;s photos.
          </Typography>
        )}
        <TotpSetup
          doneLabel="I have saved my recovery codes"
          onDone={() => setSettingUp(false)}
          onStarted={() => setSettingUp(true)}
        />
      </>
    );
  }
  return (
    <ProfileSectionCard title="Two-step sign-in">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box>
          <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
            Authenticator app
          </Typography>
          {body}
        </Box>
        {status.data && <PasskeyList passkeys={status.data.passkeys} />}
      </Box>
    </ProfileSectionCard>
  );
}

function TurnOff({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const disable = useDisableTwoStep();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const codeInput = useRef<HTMLInputElement | null>(null);
  const form = useFormSubmit({
    send: () => {
      if (!code.trim()) {
        setProblem('Enter a code from your authenticator app, or a recovery code');
        codeInput.current?.focus();
        return null;
      }
      return disable.trigger({ code: code.trim() });
    },
    success: () => ({ title: 'Two-step sign-in is off' }),
    reset: () => setCode(''),
  });
  return (
    <Box component="form" noValidate onSubmit={form.onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography>
        On. Signing in asks for a code from your authenticator app after your password.{' '}
        {recoveryCodesLeft === 1 ? '1 recovery code is left.' : `${recoveryCodesLeft} recovery codes are left.`}
      </Typography>
      <TextField
        label="Code to turn it off"
        value={code}
        autoComplete="one-time-code"
        inputRef={codeInput}
        onChange={(event) => {
          setCode(event.target.value);
          setProblem(undefined);
        }}
        disabled={form.busy}
        error={!!problem}
        helperText={problem ?? 'A code from your authenticator app, or one of your recovery codes.'}
      />
      <Box>
        <Button type="submit" variant="outlined" color="error" disabled={form.busy}>
          {form.busy ? 'Turning off...' : 'Turn off two-step sign-in'}
        </Button>
      </Box>
    </Box>
  );
}
