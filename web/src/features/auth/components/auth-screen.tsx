import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PASSWORD_MIN, type SecondFactorKind } from '@family/contract';
import { SignedOutFrame } from '../../../components/layout/signed-out-frame';
import { useToast } from '../../../components/toast/use-toast';
import { errorCode, errorMessage } from '../../../lib/api';
import { useLogin } from '../api/use-login';
import { useLoginCode } from '../api/use-login-code';
import { useLoginPasskey } from '../api/use-login-passkey';
import { passkeyProblem } from '../../../lib/passkey-errors';
import { useRegister } from '../api/use-register';
import { useResetPassword } from '../api/use-reset-password';
import { PasswordField } from './password-field';

/** `code`: the password was right and the account asks for a code from an authenticator app next. */
type Mode = 'login' | 'register' | 'reset' | 'code';

type Fields = {
  username: string;
  displayName: string;
  email: string;
  password: string;
  resetCode: string;
  code: string;
};

type FieldName = keyof Fields;
type FieldErrors = Partial<Record<FieldName, string>>;

const EMPTY_FIELDS: Fields = { username: '', displayName: '', email: '', password: '', resetCode: '', code: '' };

const TEXT: Record<Mode, { title: string; subtitle: string; submit: string; busy: string }> = {
  login: {
    title: 'Welcome Back',
    subtitle: "Log in to see your family's photos and stories.",
    submit: 'Login',
    busy: 'Logging in...',
  },
  register: {
    title: 'Create Your Account',
    subtitle: "Join your family's private archive.",
    submit: 'Create Account',
    busy: 'Creating Account...',
  },
  reset: {
    title: 'Reset Password',
    subtitle: 'Enter the reset code you were given and choose a new password.',
    submit: 'Reset Password',
    busy: 'Resetting Password...',
  },
  code: {
    title: 'Two-step sign-in',
    subtitle: 'Enter the 6-digit code your authenticator app shows for Family Archive.',
    submit: 'Verify',
    busy: 'Verifying...',
  },
};

// The order the checks run in is the order of the fields on screen, so focus lands on the first problem.
const FIELD_ORDER: FieldName[] = ['username', 'displayName', 'email', 'password', 'resetCode', 'code'];

function validate(mode: Mode, fields: Fields): FieldErrors {
  const errors: FieldErrors = {};
  if (mode === 'code') {
    if (!fields.code.trim()) errors.code = 'Please enter the code from your authenticator app, or a recovery code';
    return errors;
  }
  if (!fields.username.trim()) errors.username = 'Please enter your username';
  if (mode === 'reset') {
    if (!fields.password) errors.password = 'Please enter a new password';
    else if (fields.password.length < PASSWORD_MIN) {
      errors.password = `Password must be at least ${PASSWORD_MIN} characters`;
    }
    if (!fields.resetCode.trim()) errors.resetCode = 'Please enter the reset code';
    return errors;
  }
  if (!fields.password) errors.password = 'Please enter your password';
  else if (mode === 'register' && fields.password.length < PASSWORD_MIN) {
    errors.password = `Password must be at least ${PASSWORD_MIN} characters`;
  }
  if (mode === 'register' && fields.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email.trim())) {
    errors.email = 'Please enter a valid email address';
  }
  return errors;
}

/** The one screen a signed-out visitor sees: log in, create an account, or reset a password. */
export function AuthScreen() {
  // An invite's link (`/?invite=CODE`) opens sign-up with the code: the account becomes the invited person.
  const [inviteCode] = useState(() => new URLSearchParams(window.location.search).get('invite')?.trim() ?? '');
  const [mode, setMode] = useState<Mode>(inviteCode ? 'register' : 'login');
  const [fields, setFields] = useState<Fields>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const titleId = useId();
  const { toast, dismiss } = useToast();

  const login = useLogin();
  const loginCode = useLoginCode();
  const loginPasskey = useLoginPasskey();
  // What the account offers as its second step, once the password was right.
  const [secondSteps, setSecondSteps] = useState<SecondFactorKind[]>([]);
  const codeOffered = secondSteps.includes('totp');
  const register = useRegister();
  const reset = useResetPassword();
  const busy =
    login.isMutating || loginCode.isMutating || loginPasskey.isMutating || register.isMutating || reset.isMutating;
  const text =
    mode === 'code' && !codeOffered
      ? { ...TEXT.code, subtitle: 'Use the passkey you added for Family Archive on this device or your phone.' }
      : TEXT[mode];

  useEffect(() => {
    document.title = `${text.title} · Family Archive`;
  }, [text.title]);

  const switchMode = (next: Mode, keep: Partial<Fields> = {}) => {
    setMode(next);
    setFields({ ...EMPTY_FIELDS, ...keep });
    setErrors({});
  };

  const setField = (name: FieldName) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const inputRef = (name: FieldName) => (element: HTMLInputElement | null) => {
    inputs.current[name] = element;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problems = validate(mode, fields);
    setErrors(problems);
    const first = FIELD_ORDER.find((name) => problems[name]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }

    const username = fields.username.trim();
    try {
      if (mode === 'login') {
        const answer = await login.trigger({ username, password: fields.password });
        dismiss(); // an earlier "Invalid username or password" no longer applies
        if ('secondStep' in answer) {
          setSecondSteps(answer.secondStep);
          switchMode('code', { username });
        }
      } else if (mode === 'code') {
        await loginCode.trigger({ code: fields.code.trim() });
        dismiss();
      } else if (mode === 'register') {
        await register.trigger({
          username,
          password: fields.password,
          displayName: fields.displayName,
          email: fields.email,
          ...(inviteCode ? { inviteCode } : {}),
        });
        dismiss();
      } else {
        await reset.trigger({
          username,
          newPassword: fields.password,
          resetCode: fields.resetCode.trim(),
        });
        toast({
          title: 'Password has been reset successfully',
          description: 'You can now log in with your new password.',
        });
        switchMode('login', { username });
      }
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
      if (mode !== 'code') return;
      // Too long after the password: start again from it. A wrong code: the field empties for the next one.
      if (errorCode(error) === 'second_step_expired') switchMode('login', { username: fields.username });
      else {
        setFields((current) => ({ ...current, code: '' }));
        inputs.current.code?.focus();
      }
    }
  };

  const signInWithPasskey = async () => {
    if (busy) return;
    try {
      await loginPasskey.trigger();
      dismiss();
    } catch (error) {
      const otherWay = codeOffered ? 'enter a code from your authenticator app' : 'go back and sign in again';
      toast({
        variant: 'destructive',
        title: 'Error',
        description: passkeyProblem(error, otherWay) ?? errorMessage(error),
      });
      if (errorCode(error) === 'second_step_expired') switchMode('login', { username: fields.username });
    }
  };

  // The code field takes focus when the screen asks for it.
  useEffect(() => {
    if (mode === 'code') inputs.current.code?.focus();
  }, [mode]);

  const commonInput = {
    slotProps: {
      inputLabel: { shrink: true },
    },
  } as const;

  return (
    <SignedOutFrame maxWidth={460}>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
        <Typography id={titleId} variant="h4" component="h1" sx={{ fontSize: { xs: '1.8rem', sm: '2rem' } }}>
          {text.title}
        </Typography>
        <Typography variant="body1" sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
          {text.subtitle}
        </Typography>

        <Box
          component="form"
          noValidate
          aria-labelledby={titleId}
          onSubmit={onSubmit}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
        >
          {mode !== 'code' && (
            <TextField
              {...commonInput}
              id="auth-username"
              name="username"
              label="Username"
              value={fields.username}
              autoComplete="username"
              error={!!errors.username}
              helperText={errors.username}
              inputRef={inputRef('username')}
              onChange={(event) => setField('username')(event.target.value)}
              slotProps={{
                ...commonInput.slotProps,
                htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false },
              }}
            />
          )}

          {mode === 'register' && (
            <>
              {inviteCode && (
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  Invite code <strong>{inviteCode}</strong>: your account will be you as the family has added you, with
                  everything they have kept about you.
                </Typography>
              )}
              <TextField
                {...commonInput}
                id="auth-display-name"
                name="displayName"
                label="Display Name"
                placeholder="How should we call you?"
                value={fields.displayName}
                autoComplete="nickname"
                helperText="Optional. Your family sees this name."
                inputRef={inputRef('displayName')}
                onChange={(event) => setField('displayName')(event.target.value)}
              />
              <TextField
                {...commonInput}
                id="auth-email"
                name="email"
                type="email"
                label="Email (optional)"
                value={fields.email}
                autoComplete="email"
                error={!!errors.email}
                helperText={errors.email}
                inputRef={inputRef('email')}
                onChange={(event) => setField('email')(event.target.value)}
                slotProps={{ ...commonInput.slotProps, htmlInput: { inputMode: 'email' } }}
              />
            </>
          )}

          {mode === 'code' && secondSteps.includes('passkey') && (
            <Button type="button" variant="outlined" size="large" fullWidth disabled={busy} onClick={signInWithPasskey}>
              {loginPasskey.isMutating ? 'Waiting for the passkey...' : 'Use a passkey'}
            </Button>
          )}

          {mode === 'code' && codeOffered && (
            <TextField
              {...commonInput}
              id="auth-code"
              name="code"
              label="Code"
              value={fields.code}
              autoComplete="one-time-code"
              error={!!errors.code}
              helperText={errors.code ?? 'Lost your phone? Enter one of your recovery codes instead.'}
              inputRef={inputRef('code')}
              onChange={(event) => setField('code')(event.target.value)}
              slotProps={{
                ...commonInput.slotProps,
                htmlInput: { autoCapitalize: 'characters', autoCorrect: 'off', spellCheck: false },
              }}
            />
          )}

          {mode !== 'code' && (
            <PasswordField
              key={mode}
              id="auth-password"
              name={mode === 'login' ? 'password' : 'new-password'}
              label={mode === 'reset' ? 'New Password' : 'Password'}
              value={fields.password}
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              error={errors.password}
              helperText={mode === 'login' ? undefined : `At least ${PASSWORD_MIN} characters.`}
              inputRef={inputRef('password')}
              onChange={setField('password')}
            />
          )}

          {mode === 'reset' && (
            <TextField
              {...commonInput}
              id="auth-reset-code"
              name="resetCode"
              label="Reset code"
              value={fields.resetCode}
              autoComplete="one-time-code"
              error={!!errors.resetCode}
              helperText={errors.resetCode ?? 'Ask whoever runs the archive for a reset code.'}
              inputRef={inputRef('resetCode')}
              onChange={(event) => setField('resetCode')(event.target.value)}
              slotProps={{
                ...commonInput.slotProps,
                htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false },
              }}
            />
          )}

          {mode === 'login' && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
              <Link
                component="button"
                type="button"
                disabled={busy}
                onClick={() => switchMode('reset')}
                sx={{ fontSize: '1rem', py: 1 }}
              >
                Forgot Password?
              </Link>
            </Box>
          )}

          {(mode !== 'code' || codeOffered) && (
            <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} aria-busy={busy}>
              {busy ? text.busy : text.submit}
            </Button>
          )}

          {mode === 'reset' || mode === 'code' ? (
            <Button
              type="button"
              variant="text"
              size="large"
              fullWidth
              disabled={busy}
              onClick={() => switchMode('login')}
            >
              Back to Login
            </Button>
          ) : (
            <Button
              type="button"
              variant="text"
              size="large"
              fullWidth
              disabled={busy}
              onClick={() => switchMode(mode === 'login' ? 'register' : 'login')}
            >
              {mode === 'login' ? 'Need an account?' : 'Already have an account?'}
            </Button>
          )}
        </Box>
      </CardContent>
    </SignedOutFrame>
  );
}
