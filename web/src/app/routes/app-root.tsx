import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { type Location, useLocation, useMatch, useNavigate, useNavigation, useOutlet } from 'react-router-dom';
import { AppLayout } from '../../components/layout/app-layout';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { useToast } from '../../components/toast/use-toast';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/use-logout';
import { type MediaAddressState, PageBehindMediaContext } from '../../features/media/hooks/media-address';
import { forgetUploads, UploadQueueProvider } from '../../features/media/upload-queue/upload-queue-context';
import { UploadQueuePanel } from '../../features/media/upload-queue/upload-queue-panel';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { errorMessage } from '../../lib/api';
import { forgetSharedFiles } from '../../lib/share-inbox';
import { useCurrentUser, useUserRole } from '../../lib/queries/current-user';

const AuthScreen = lazy(() =>
  import('../../features/auth/components/auth-screen').then((m) => ({ default: m.AuthScreen })),
);
const TwoStepRequiredScreen = lazy(() =>
  import('../../features/two-step/components/two-step-required-screen').then((m) => ({
    default: m.TwoStepRequiredScreen,
  })),
);

/**
 * docs/product.md "Media addresses": while `/media/{id}` is shown over the page it was opened from, that page
 * stays on screen as it was (its search, filter, scroll and open album), and the media route above it shows
 * nothing of its own: the list that opened the item shows the dialog. A reload or a shared link has no page
 * kept, and the media route shows the gallery itself.
 */
function usePageUnderMedia(): { page: ReactNode; over: ReactNode; keepingPage: boolean } {
  const outlet = useOutlet();
  const location = useLocation();
  const onMedia = useMatch(paths.media.path) !== null;
  const kept = useRef<{ location: Location; page: ReactNode } | null>(null);
  const background = onMedia ? (location.state as MediaAddressState | null)?.background : undefined;
  // The same element object is given again, so React keeps the page's state instead of building it anew.
  if (!onMedia) kept.current = { location, page: outlet };
  const page = kept.current;
  const keepingPage = background !== undefined && page !== null && page.location.key === background.key;
  return keepingPage ? { page: page.page, over: outlet, keepingPage } : { page: outlet, over: null, keepingPage };
}

/** The root route: a spinner while the session loads, the auth screen when signed out, else the app. */
export function AppRoot() {
  const { user, isLoading, error, retry, setUpSecondFactor } = useCurrentUser();
  const logout = useLogout();
  const { toast } = useToast();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { page, over, keepingPage } = usePageUnderMedia();
  const { admin } = useUserRole(user !== null);

  const onLogout = async () => {
    try {
      await logout.trigger();
      // docs/product.md "The sign-in screen": nothing of the archive stays in the browser, unfinished uploads neither.
      forgetUploads();
      void forgetSharedFiles();
      navigate(paths.home.getHref(), { replace: true });
      toast({ title: 'Logged out successfully' });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Logout failed' });
    }
  };

  if (isLoading) return <PageSpinner label="Loading your archive" />;

  if (setUpSecondFactor) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <TwoStepRequiredScreen onDone={() => void retry()} onLogout={onLogout} loggingOut={logout.isMutating} />
      </Suspense>
    );
  }

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

  return (
    <UploadQueueProvider userId={user.id}>
      <AppLayout
        onLogout={onLogout}
        loggingOut={logout.isMutating}
        loading={navigation.state === 'loading'}
        userName={user.displayName}
        headerActions={<NotificationBell currentUserId={user.id} />}
        admin={admin}
      >
        <PageBehindMediaContext.Provider value={keepingPage}>
          {page}
          {over}
        </PageBehindMediaContext.Provider>
        <UploadQueuePanel />
      </AppLayout>
    </UploadQueueProvider>
  );
}
