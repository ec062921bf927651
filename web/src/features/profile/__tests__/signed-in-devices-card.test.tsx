import { screen, waitFor, within } from '@testing-library/react';
import type { SignedInDevice } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { SignedInDevicesCard } from '../components/signed-in-devices-card';

afterEach(restoreFetch);

const device = (id: string, browser: string, current = false): SignedInDevice => ({
  id,
  browser,
  signedInAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-27T18:30:00.000Z',
  address: '192.168.1.20',
  current,
});

describe(SignedInDevicesCard.name, () => {
  it('lists the devices with this one marked, and signs another out after asking', async () => {
    let devices = [device('this-one', 'Firefox on Windows', true), device('phone', 'Chrome on Android')];
    const { calls } = stubFetch((call) => {
      if (call.method === 'DELETE' && call.url === '/api/user/sessions/phone') {
        devices = devices.filter((item) => item.id !== 'phone');
        return fakeResponse(200, { message: 'That device is signed out.' });
      }
      return call.url === '/api/user/sessions' ? fakeResponse(200, devices) : fakeResponse(404);
    });
    const { user } = renderWithProviders(<SignedInDevicesCard />);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const [mine, phone] = within(list).getAllByRole('listitem');
    expect(mine).toHaveTextContent('Firefox on Windows');
    expect(within(mine!).getByText('This device')).toBeInTheDocument();
    expect(within(mine!).queryByRole('button')).not.toBeInTheDocument();
    expect(phone).toHaveTextContent('from 192.168.1.20');

    await user.click(within(phone!).getByRole('button', { name: 'Sign out Chrome on Android' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Chrome on Android is signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/user/sessions/phone',
    ]);
  });

  it('says in words when the list cannot be loaded, with Try again', async () => {
    stubFetch(() => fakeResponse(503, { message: 'Signing in is unavailable right now. Try again shortly.' }));
    renderWithProviders(<SignedInDevicesCard />);
    expect(await screen.findByText('Signing in is unavailable right now. Try again shortly.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
