import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { UserProfile } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch, type FetchCall } from '../../testing/fake-fetch';
import { renderWithProviders } from '../../testing/render';
import { routes } from '../router';

const rose: UserProfile = {
  id: 1,
  username: 'rose',
  displayName: 'Grandma Rose',
  email: null,
  dateOfBirth: '1948-03-02',
  profilePicture: null,
  story: null,
};

const NOT_FOUND_TEXT = "The page you're looking for doesn't exist or you don't have permission to view it.";

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />, { route: null }) };
}

/** A back end with one signed-in user (or none), answering the calls the shell makes. */
function backEnd({ signedIn, logout = 204 }: { signedIn: boolean; logout?: number }) {
  let session = signedIn;
  return stubFetch(({ url, method, body }: FetchCall) => {
    if (url === '/api/user' && method === 'GET') {
      return session ? fakeResponse(200, rose) : fakeResponse(401, { message: 'Please log in.' });
    }
    if (url === '/api/login' && method === 'POST') {
      if ((body as { password: string }).password !== 'roses-are-red') {
        return fakeResponse(401, { message: 'Invalid username or password' });
      }
      session = true;
      return fakeResponse(200, { user: rose });
    }
    if (url === '/api/logout' && method === 'POST') {
      if (logout >= 400) return fakeResponse(logout, { message: 'Oops' }, 'Internal Server Error');
      session = false;
      return fakeResponse(logout);
    }
    // The media gallery on '/' and the media pages ask for lists: an empty archive.
    if (url === '/api/media/months' || url === '/api/media/on-this-day') return fakeResponse(200, []);
    if (url.startsWith('/api/media')) return fakeResponse(200, { items: [], nextCursor: null });
    if (url === '/api/users/7') {
      return fakeResponse(200, { id: 7, username: 'tom', displayName: 'Uncle Tom' });
    }
    if (url === '/api/users/8') return fakeResponse(404, { message: 'No such person.' });
    return fakeResponse(404, { message: `Not stubbed: ${method} ${url}` });
  });
}

afterEach(restoreFetch);

describe('the app shell', () => {
  it('shows a spinner while the session loads', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const { router } = renderApp('/');

    expect(screen.getByRole('progressbar', { name: 'Loading your archive' })).toBeInTheDocument();
    // Still only the spinner once the page's code has arrived: the session decides what comes next.
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(screen.getByRole('progressbar', { name: 'Loading your archive' })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('shows the auth screen for every path when signed out', async () => {
    backEnd({ signedIn: false });
    renderApp('/albums');

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('logs in and shows the media gallery without asking for the session again', async () => {
    const { calls } = backEnd({ signedIn: false });
    const { user } = renderApp('/');

    await user.type(await screen.findByLabelText('Username'), 'rose');
    await user.type(screen.getByLabelText('Password'), 'roses-are-red');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Media Gallery' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/user')).toHaveLength(1);
  });

  it('drops the earlier error toast once a retry logs in', async () => {
    backEnd({ signedIn: false });
    const { user } = renderApp('/');

    await user.type(await screen.findByLabelText('Username'), 'rose');
    await user.type(screen.getByLabelText('Password'), 'roses-are-blue');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'roses-are-red');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Media Gallery' })).toBeInTheDocument();
    expect(screen.queryByText('Invalid username or password')).not.toBeInTheDocument();
  });

  it('shows the 404 sentence inside the app for an unknown path', async () => {
    backEnd({ signedIn: true });
    renderApp('/no/such/page');

    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it.each([
    ['/', 'Media Gallery'],
    ['/albums', 'Albums'],
    ['/family', 'Family Tree'],
    ['/profile', 'Grandma Rose'],
    ['/profile/7', 'Uncle Tom'],
    ['/profile/7/uploaded', 'Uploaded Media'],
    ['/profile/7/tagged', 'Tagged Media'],
    ['/profile/7/memories', 'Memories'],
  ])('shows %s with the heading %s', async (path, title) => {
    backEnd({ signedIn: true });
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it("shows one's own username on /profile and a back link to the tree on someone else's", async () => {
    backEnd({ signedIn: true });
    const { router } = renderApp('/profile');
    expect(await screen.findByText('@rose')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to Family Tree' })).not.toBeInTheDocument();

    await act(() => router.navigate('/profile/7'));
    expect(await screen.findByText('@tom')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Family Tree' })).toHaveAttribute('href', '/family');
  });

  it.each(['/profile/abc', '/profile/8'])('shows the 404 page for %s', async (path) => {
    backEnd({ signedIn: true });
    renderApp(path);

    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
  });

  it('logs out: says so and shows the auth screen', async () => {
    const { calls } = backEnd({ signedIn: true });
    const { user, router } = renderApp('/albums');

    const nav = await screen.findByRole('banner');
    await user.click(within(nav).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(calls.some((c) => c.url === '/api/logout' && c.method === 'POST')).toBe(true);
  });

  it('says "Logout failed" and stays signed in when logging out fails', async () => {
    backEnd({ signedIn: true, logout: 500 });
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Logout failed');
    expect(screen.getByRole('heading', { level: 1, name: 'Media Gallery' })).toBeInTheDocument();
  });

  it('shows only the setup of two-step sign-in where it is required, and the archive once it is on', async () => {
    let on = false;
    stubFetch(({ url }: FetchCall) => {
      if (url === '/api/user') {
        return on
          ? fakeResponse(200, rose)
          : fakeResponse(403, {
              message: 'This archive asks every member to set up two-step sign-in first. Set it up to go on.',
              code: 'second_factor_setup_required',
            });
      }
      if (url === '/api/user/two-step/totp') {
        return fakeResponse(201, { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' });
      }
      if (url === '/api/user/two-step/totp/confirm') {
        on = true;
        return fakeResponse(200, { recoveryCodes: ['ABCDE-FGHJK'] });
      }
      if (url === '/api/media/months' || url === '/api/media/on-this-day') return fakeResponse(200, []);
      if (url.startsWith('/api/media')) return fakeResponse(200, { items: [], nextCursor: null });
      return fakeResponse(403, { message: 'Set it up to go on.', code: 'second_factor_setup_required' });
    });
    const { user } = renderApp('/albums');
    await screen.findByRole('heading', { level: 1, name: 'Set up two-step sign-in' });
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    await user.type(await screen.findByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    await user.click(await screen.findByRole('button', { name: 'I have saved my recovery codes, go on' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Set up two-step sign-in' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
