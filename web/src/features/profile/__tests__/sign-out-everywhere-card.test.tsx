import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import useSWR from 'swr';
import { fakeResponse, restoreFetch, stubFetch, type FetchCall } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import type { UserProfile } from '@family/contract';
import { SignOutEverywhereCard } from '../components/sign-out-everywhere-card';
import { rose } from './fixtures';

const changes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

afterEach(restoreFetch);

describe(SignOutEverywhereCard.name, () => {
  /** Shows who is signed in, as the app root decides between the app and the auth screen. */
  function Session() {
    const { data } = useSWR<UserProfile | null>('/api/user');
    if (data === undefined) return null;
    return <p>{data ? `Signed in as ${data.displayName}` : 'Signed out'}</p>;
  }

  function renderCard() {
    return renderWithProviders(
      <>
        <Session />
        <Routes>
          <Route path="/profile" element={<SignOutEverywhereCard />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </>,
      { route: '/profile' },
    );
  }

  it('asks first, and signs out nowhere on Cancel', async () => {
    const { calls } = stubFetch(() => fakeResponse(200, rose));
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere?' });
    expect(dialog).toHaveAccessibleDescription(
      'You will be signed out on every device and browser, including this one, and need your password to sign in again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes(calls)).toEqual([]);
  });

  it('ends every session, forgets the signed-in person and says so', async () => {
    const { calls } = stubFetch((call) =>
      call.method === 'DELETE'
        ? fakeResponse(200, { message: 'Signed out everywhere' })
        : call.url === '/api/user'
          ? fakeResponse(200, rose)
          : fakeResponse(404),
    );
    const { user } = renderCard();
    expect(await screen.findByText('Signed in as Grandma Rose')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Sign out everywhere?' })).getByRole('button', {
        name: 'Sign out everywhere',
      }),
    );

    expect(await screen.findByText('Signed out everywhere')).toBeInTheDocument();
    expect(changes(calls)).toEqual([{ url: '/api/user/sessions', method: 'DELETE', body: undefined }]);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it("stays signed in and shows the server's sentence when it fails", async () => {
    stubFetch((call) =>
      call.method === 'DELETE'
        ? fakeResponse(503, { message: 'Signing in is unavailable right now. Try again shortly.' })
        : fakeResponse(200, rose),
    );
    const { user } = renderCard();
    await screen.findByText('Signed in as Grandma Rose');

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Sign out everywhere?' })).getByRole('button', {
        name: 'Sign out everywhere',
      }),
    );

    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent(
      'Signing in is unavailable right now. Try again shortly.',
    );
    expect(screen.getByText('Signed in as Grandma Rose')).toBeInTheDocument();
  });
});
