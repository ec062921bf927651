import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useSignUp } from '../api/use-operator';
import { AdminSection } from './admin-section';

/** Whether strangers may sign up; it is set in the configuration, so the page says how to change it. */
export function SignUpSection() {
  const { data, error, isLoading, refresh } = useSignUp();
  return (
    <AdminSection id="sign-up" title="Sign-up" error={error} onRetry={refresh}>
      {isLoading || !data ? (
        <Skeleton variant="rounded" height={48} />
      ) : (
        <>
          <Typography sx={{ fontWeight: 700 }}>
            {data.signup === 'open'
              ? 'Sign-up is open: anyone who reaches the archive can make an account.'
              : 'Sign-up is closed: members add relatives from the family tree.'}
          </Typography>
          <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{data.howToChange}</Typography>
        </>
      )}
    </AdminSection>
  );
}
