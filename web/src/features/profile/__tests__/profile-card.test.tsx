import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import useSWR from 'swr';
import type { UserProfile } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch, type FetchCall } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { ProfileCard } from '../components/profile-card';
import { fixToday, rose, tom } from './fixtures';

/** Answers PATCH /api/user/profile with the user changed as asked (or with `failure`). */
function profileBackEnd(user: UserProfile, failure?: Response) {
  let current = user;
  return stubFetch((call: FetchCall) => {
    if (call.method === 'PATCH' && call.url === '/api/user/profile') {
      if (failure) return failure;
      current = { ...current, ...(call.body as Partial<UserProfile>) };
      return fakeResponse(200, current);
    }
    if (call.method === 'POST' && call.url === '/api/users/profile-picture') {
      if (failure) return failure;
      current = { ...current, profilePicture: `/api/users/${user.id}/picture?v=5` };
      return fakeResponse(200, current);
    }
    if (call.url === '/api/user') return fakeResponse(200, current);
    if (call.url === '/api/users') return fakeResponse(200, []);
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
}

/** The own profile as the app shows it: fed from the signed-in person in the SWR cache. */
function OwnProfileCard() {
  const { data } = useSWR<UserProfile>('/api/user');
  return data ? <ProfileCard user={data} own /> : null;
}

const changes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

beforeEach(fixToday);
afterEach(() => {
  restoreFetch();
  jest.useRealTimers();
});

describe(ProfileCard.name, () => {
  it('shows name, username, email, and birthday with the age by the calendar', () => {
    renderWithProviders(<ProfileCard user={rose} own={false} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Grandma Rose' })).toBeInTheDocument();
    expect(screen.getByText('@rose')).toBeInTheDocument();
    expect(screen.getByText('rose@example.org')).toBeInTheDocument();
    // Born 2 March 1948; on 15 June 2026 she is 78.
    expect(screen.getByText(/1948/)).toHaveTextContent('Age 78');
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change picture' })).not.toBeInTheDocument();
  });

  it('counts the age from the birthday itself, not the year', () => {
    renderWithProviders(<ProfileCard user={{ ...rose, dateOfBirth: '1950-06-16' }} own={false} />);
    expect(screen.getByText(/1950/)).toHaveTextContent('Age 75');
  });

  it("hides another person's empty email and birthday", () => {
    renderWithProviders(<ProfileCard user={tom} own={false} />);
    expect(screen.queryByText('Email')).not.toBeInTheDocument();
    expect(screen.queryByText('Birthday')).not.toBeInTheDocument();
  });

  it('lets the owner change the birthday, checked before sending, and shows the new age', async () => {
    const { calls } = profileBackEnd(rose);
    const { user } = renderWithProviders(<OwnProfileCard />);

    await user.click(await screen.findByRole('button', { name: 'Edit birthday' }));
    const field = screen.getByLabelText('Birthday');
    expect(field).toHaveValue('1948-03-02');
    expect(field).toHaveAttribute('min', '1900-01-01');
    expect(field).toHaveAttribute('max', '2026-06-15');

    fireEvent.change(field, { target: { value: '2026-06-16' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a valid date in YYYY-MM-DD format')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '1899-12-31' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a valid date in YYYY-MM-DD format')).toBeInTheDocument();
    expect(changes(calls)).toEqual([]);

    fireEvent.change(field, { target: { value: '1950-01-20' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      { url: '/api/user/profile', method: 'PATCH', body: { dateOfBirth: '1950-01-20' } },
    ]);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText(/1950/)).toHaveTextContent('Age 76');
  });

  it('reverts the birthday on Cancel', async () => {
    const { calls } = profileBackEnd(rose);
    const { user } = renderWithProviders(<ProfileCard user={rose} own />);

    await user.click(screen.getByRole('button', { name: 'Edit birthday' }));
    fireEvent.change(screen.getByLabelText('Birthday'), { target: { value: '1960-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText(/1948/)).toHaveTextContent('Age 78');
    await user.click(screen.getByRole('button', { name: 'Edit birthday' }));
    expect(screen.getByLabelText('Birthday')).toHaveValue('1948-03-02');
    expect(changes(calls)).toEqual([]);
  });

  it('removes the birthday when the field is emptied', async () => {
    const { calls } = profileBackEnd(rose);
    const { user } = renderWithProviders(<ProfileCard user={rose} own />);

    await user.click(screen.getByRole('button', { name: 'Edit birthday' }));
    fireEvent.change(screen.getByLabelText('Birthday'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(changes(calls)).toEqual([{ url: '/api/user/profile', method: 'PATCH', body: { dateOfBirth: null } }]),
    );
  });

  it('checks the email pattern before sending, sends it trimmed, and sends null for an empty one', async () => {
    const { calls } = profileBackEnd(rose);
    const { user } = renderWithProviders(<OwnProfileCard />);

    await user.click(await screen.findByRole('button', { name: 'Edit email' }));
    const field = screen.getByLabelText('Email');
    expect(field).toHaveValue('rose@example.org');
    await user.clear(field);
    await user.type(field, 'rose@garden');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(changes(calls)).toEqual([]);

    await user.clear(field);
    await user.type(field, '  rose@garden.org ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(changes(calls)).toEqual([{ url: '/api/user/profile', method: 'PATCH', body: { email: 'rose@garden.org' } }]);
    expect(screen.getByText('rose@garden.org')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit email' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(changes(calls)).toHaveLength(2));
    expect(changes(calls)[1]).toEqual({ url: '/api/user/profile', method: 'PATCH', body: { email: null } });
    expect(await screen.findByText('Not set')).toBeInTheDocument();
  });

  it('reverts the email on Cancel', async () => {
    const { calls } = profileBackEnd(rose);
    const { user } = renderWithProviders(<ProfileCard user={rose} own />);

    await user.click(screen.getByRole('button', { name: 'Edit email' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'someone@else.org');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText('rose@example.org')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('rose@example.org');
    expect(changes(calls)).toEqual([]);
  });

  it("shows the server's sentence in an Error toast and stays in edit mode", async () => {
    profileBackEnd(rose, fakeResponse(400, { statusCode: 400, message: 'Please enter a valid email address' }));
    const { user } = renderWithProviders(<ProfileCard user={rose} own />);

    await user.click(screen.getByRole('button', { name: 'Edit email' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'rose@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('rose@example.com');
  });

  it('lets the owner fix the display name, and requires one', async () => {
    const { calls } = profileBackEnd(rose);
    const { user } = renderWithProviders(<ProfileCard user={rose} own />);

    await user.click(screen.getByRole('button', { name: 'Edit display name' }));
    await user.clear(screen.getByLabelText('Display name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Display name is required')).toBeInTheDocument();
    expect(changes(calls)).toEqual([]);

    await user.type(screen.getByLabelText('Display name'), ' Rose ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(changes(calls)).toEqual([{ url: '/api/user/profile', method: 'PATCH', body: { displayName: 'Rose' } }]),
    );
  });

  describe('the picture', () => {
    const choose = (file: File) =>
      fireEvent.change(screen.getByLabelText('Change picture'), { target: { files: [file] } });

    it('refuses a file that is not an image before sending', async () => {
      const { calls } = profileBackEnd(rose);
      renderWithProviders(<ProfileCard user={rose} own />);

      choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));

      const toast = await screen.findByRole('alert');
      expect(toast).toHaveTextContent('Error');
      expect(toast).toHaveTextContent('Only image files are allowed');
      expect(changes(calls)).toEqual([]);
    });

    it('refuses a picture over 5 MB before sending', async () => {
      const { calls } = profileBackEnd(rose);
      renderWithProviders(<ProfileCard user={rose} own />);

      const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
      choose(big);

      expect(await screen.findByRole('alert')).toHaveTextContent('Profile picture must be less than 5MB');
      expect(changes(calls)).toEqual([]);
    });

    it('sends the chosen picture as the multipart field "file" and says so', async () => {
      const { calls } = profileBackEnd(rose);
      renderWithProviders(<OwnProfileCard />);
      await screen.findByRole('heading', { level: 1 });

      const picture = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
      choose(picture);

      expect(await screen.findByText('Profile picture updated successfully')).toBeInTheDocument();
      const [call] = changes(calls);
      expect(call.url).toBe('/api/users/profile-picture');
      expect(call.method).toBe('POST');
      expect((call.body as FormData).get('file')).toBe(picture);
      expect(screen.getByRole('img', { name: 'Profile picture of Grandma Rose' })).toHaveAttribute(
        'src',
        '/api/users/1/picture?v=5',
      );
    });

    it("says 'Failed to update profile picture' when the server gives no reason", async () => {
      profileBackEnd(rose, fakeResponse(502, '', 'Bad Gateway'));
      renderWithProviders(<ProfileCard user={rose} own />);

      choose(new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' }));

      const toast = await screen.findByRole('alert');
      expect(within(toast).getByText('Error')).toBeInTheDocument();
      expect(within(toast).getByText('Failed to update profile picture')).toBeInTheDocument();
    });
  });
});
