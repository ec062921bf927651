import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import type { TotpEnrolment } from '@family/contract';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useConfirmTotp, useStartTotp } from '../api/use-two-step';
import { RecoveryCodes } from './recovery-codes';

type TotpSetupProps = {
  /** After the recovery codes were seen. */
  onDone: () => void;
  doneLabel: string;
  /** Once the secret is on screen. */
  onStarted?: () => void;
};

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator app: a QR code and the secret as text, then a code from the app turns two-step
 * sign-in on and the recovery codes are shown once (docs/product.md "Two-step sign-in").
 */
export function TotpSetup({ onDone, doneLabel, onStarted }: TotpSetupProps) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const codeInput = useRef<HTMLInputElement | null>(null);
  const { toast } = useToast();

  useEffect(() => {
    if (!enrolment) return;
    let current = true;
    QRCode.toDataURL(enrolment.uri, { margin: 1, width: 220 }).then(
      (url) => current && setQr(url),
      () => current && setQr(null),
    );
    return () => {
      current = false;
    };
  }, [enrolment]);

  const begin = async () => {
    try {
      setEnrolment(await start.trigger());
      onStarted?.();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    }
  };

  const form = useFormSubmit({
    send: () => {
      const digits = code.replace(/\s/g, '');
      if (!/^\d{6}$/.test(digits)) {
        setProblem('Enter the 6 digits your authenticator app shows now');
        codeInput.current?.focus();
        return null;
      }
      return confirm.trigger({ code: digits });
    },
    success: (answer) => {
      setRecoveryCodes(answer.recoveryCodes);
      return null;
    },
    failure: (error) => {
      setCode('');
      codeInput.current?.focus();
      return { variant: 'destructive', title: 'Error', description: errorMessage(error) };
    },
  });

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} doneLabel={doneLabel} />;

  if (!enrolment) {
    return (
      <Box>
        <Button variant="contained" onClick={begin} disabled={start.isMutating}>
          {start.isMutating ? 'Starting...' : 'Set up an authenticator app'}
        </Button>
      </Box>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label="Set up an authenticator app"
      onSubmit={form.onSubmit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography>
        1. Scan this QR code with an authenticator app on your phone (such as Google Authenticator, Microsoft
        Authenticator or 2FAS), or type the key into it.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {qr && <img src={qr} alt="QR code for your authenticator app" width={180} height={180} />}
        <Box sx={{ minWidth: 0 }}>
          <Typography>Key</Typography>
          <Typography
            data-testid="totp-secret"
            sx={{ fontFamily: 'monospace', fontSize: '1.2rem', letterSpacing: 1, overflowWrap: 'anywhere' }}
          >
            {grouped(enrolment.secret)}
          </Typography>
        </Box>
      </Box>
      <Typography>2. Enter the 6-digit code the app shows.</Typography>
      <TextField
        label="Code from the app"
        value={code}
        autoComplete="one-time-code"
        inputRef={codeInput}
        onChange={(event) => {
          setCode(event.target.value);
          setProblem(undefined);
        }}
        disabled={form.busy}
        error={!!problem}
        helperText={problem}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={form.busy}>
          {form.busy ? 'Turning on...' : 'Turn on two-step sign-in'}
        </Button>
      </Box>
    </Box>
  );
}
