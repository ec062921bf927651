import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import useSWR from 'swr';
import type { UserProfile } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch, type FetchCall } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { ChangePasswordCard } from '../components/change-password-card';
import { DeleteAccountCard } from '../components/delete-account-card';
import { rose } from './fixtures';

const changes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

afterEach(restoreFetch);

describe(ChangePasswordCard.name, () => {
  it('asks for the current password and a new one of at least 6 characters before sending', async () => {
    const { calls } = stubFetch(() => fakeResponse(200, { message: 'Your password has been changed' }));
    const { user } = renderWithProviders(<ChangePasswordCard />);

    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText('Please enter your current password')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('changes the password, says so and empties the fields', async () => {
    const { calls } = stubFetch(() => fakeResponse(200, { message: 'Your password has been changed' }));
    const { user } = renderWithProviders(<ChangePasswordCard />);

    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(calls).toEqual([
      { url: '/api/user/password', method: 'POST', body: { currentPassword: 'old-secret', newPassword: 'new-secret' } },
    ]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it("shows the server's sentence for a wrong current password", async () => {
    stubFetch(() => fakeResponse(400, { statusCode: 400, message: 'Your current password is not correct.' }));
    const { user } = renderWithProviders(<ChangePasswordCard />);

    await user.type(screen.getByLabelText('Current password'), 'wrong-one');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Your current password is not correct.')).toBeInTheDocument();
  });
});

describe(DeleteAccountCard.name, () => {
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
          <Route path="/profile" element={<DeleteAccountCard />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </>,
      { route: '/profile' },
    );
  }

  it('asks first, and keeps the account on Cancel', async () => {
    const { calls } = stubFetch(() => fakeResponse(200, rose));
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveAccessibleDescription(
      'This action cannot be undone. This will permanently delete your account and remove your data from our servers.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes(calls)).toEqual([]);
  });

  it('deletes the account, forgets the signed-in person and says so', async () => {
    const { calls } = stubFetch((call) =>
      call.method === 'DELETE'
        ? fakeResponse(204)
        : call.url === '/api/user'
          ? fakeResponse(200, rose)
          : fakeResponse(404),
    );
    const { user } = renderCard();
    expect(await screen.findByText('Signed in as Grandma Rose')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete account' }),
    );

    expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();
    expect(changes(calls)).toEqual([{ url: '/api/user', method: 'DELETE', body: undefined }]);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it("keeps the account and shows the server's sentence when deleting fails", async () => {
    stubFetch((call) =>
      call.method === 'DELETE'
        ? fakeResponse(503, { message: 'The media service is unavailable. Try again shortly.' })
        : fakeResponse(200, rose),
    );
    const { user } = renderCard();
    await screen.findByText('Signed in as Grandma Rose');

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete account' }),
    );

    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent(
      'The media service is unavailable. Try again shortly.',
    );
    expect(screen.getByText('Signed in as Grandma Rose')).toBeInTheDocument();
  });
});
