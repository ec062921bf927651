import { lazy, Suspense } from 'react';
import { Outlet, useNavigate, useNavigation } from 'react-router-dom';
import { AppLayout } from '../../components/layout/app-layout';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { useToast } from '../../components/toast/use-toast';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/use-logout';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/queries/current-user';

const AuthScreen = lazy(() =>
  import('../../features/auth/components/auth-screen').then((m) => ({ default: m.AuthScreen })),
);

/** The root route: a spinner while the session loads, the auth screen when signed out, else the app. */
export function AppRoot() {
  const { user, isLoading, error, retry } = useCurrentUser();
  const logout = useLogout();
  const { toast } = useToast();
  const navigate = useNavigate();
  const navigation = useNavigation();

  if (isLoading) return <PageSpinner label="Loading your archive" />;

  if (!user && error) {
    return (
      <LoadError
        message={errorMessage(error, 'Could not reach the archive. Check your connection and try again.')}
        onRetry={retry}
      />
    );
  }

  if (!user) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <AuthScreen />
      </Suspense>
    );
  }

  const onLogout = async () => {
    try {
      await logout.trigger();
      navigate(paths.home.getHref(), { replace: true });
      toast({ title: 'Logged out successfully' });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Logout failed' });
    }
  };

  return (
    <AppLayout
      onLogout={onLogout}
      loggingOut={logout.isMutating}
      loading={navigation.state === 'loading'}
      userName={user.displayName}
    >
      <Outlet />
    </AppLayout>
  );
}
