import { screen, waitFor, within } from '@testing-library/react';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { TwoStepCard } from '../components/two-step-card';

afterEach(restoreFetch);

const CODES = Array.from({ length: 10 }, (_, index) => `ABCDE-FGH${'JKMNPQRSTU'[index]}2`);

describe(TwoStepCard.name, () => {
  it('sets up an app: QR code and key, a code turns it on, the recovery codes are shown once', async () => {
    let on = false;
    const { calls } = stubFetch((call) => {
      if (call.url === '/api/user/two-step') {
        return fakeResponse(200, { totp: on, recoveryCodesLeft: on ? 10 : 0, passkeys: [], setupRequired: false });
      }
      if (call.url === '/api/user/two-step/totp') {
        return fakeResponse(201, {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          uri: 'otpauth://totp/Family%20Archive:rose?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Family%20Archive',
        });
      }
      if (call.url === '/api/user/two-step/totp/confirm') {
        on = true;
        return fakeResponse(200, { recoveryCodes: CODES });
      }
      return fakeResponse(404);
    });
    const { user } = renderWithProviders(<TwoStepCard />);
    const card = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(card).findByText(/^Off\./)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await within(card).findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    await within(card).findByRole('img', { name: 'QR code for your authenticator app' });

    await user.click(within(card).getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(within(card).getByText('Enter the 6 digits your authenticator app shows now')).toBeInTheDocument();
    expect(within(card).getByLabelText('Code from the app')).toHaveFocus();
    await user.type(within(card).getByLabelText('Code from the app'), '123 456');
    await user.click(within(card).getByRole('button', { name: 'Turn on two-step sign-in' }));

    const list = await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(calls.find((call) => call.url === '/api/user/two-step/totp/confirm')?.body).toEqual({ code: '123456' });
    await user.click(within(card).getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await within(card).findByText(/10 recovery codes are left\./)).toBeInTheDocument();
    expect(within(card).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('turns off with a code, and says a wrong one in words', async () => {
    let on = true;
    stubFetch((call) => {
      if (call.url === '/api/user/two-step') {
        return fakeResponse(200, { totp: on, recoveryCodesLeft: on ? 1 : 0, passkeys: [], setupRequired: false });
      }
      if (call.url === '/api/user/two-step/disable') {
        if ((call.body as { code: string }).code !== '654321') {
          return fakeResponse(401, { message: 'That code is not right.', code: 'invalid_second_factor_code' });
        }
        on = false;
        return fakeResponse(200, { message: 'Two-step sign-in is off.' });
      }
      return fakeResponse(404);
    });
    const { user } = renderWithProviders(<TwoStepCard />);
    const card = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(card).findByText(/1 recovery code is left\./)).toBeInTheDocument();
    await user.type(within(card).getByLabelText('Code to turn it off'), '111111');
    await user.click(within(card).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await screen.findByText('That code is not right.')).toBeInTheDocument();
    await user.clear(within(card).getByLabelText('Code to turn it off'));
    await user.type(within(card).getByLabelText('Code to turn it off'), '654321');
    await user.click(within(card).getByRole('button', { name: 'Turn off two-step sign-in' }));
    await waitFor(() => expect(within(card).getByText(/^Off\./)).toBeInTheDocument());
    expect(screen.getByText('Two-step sign-in is off')).toBeInTheDocument();
  });

  it('lists the passkeys and removes one after asking', async () => {
    let passkeys = [{ id: 4, name: 'Passkey 1', createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: null }];
    const { calls } = stubFetch((call) => {
      if (call.url === '/api/user/two-step') {
        return fakeResponse(200, { totp: false, recoveryCodesLeft: 0, passkeys, setupRequired: false });
      }
      if (call.method === 'DELETE' && call.url === '/api/user/two-step/passkeys/4') {
        passkeys = [];
        return fakeResponse(200, { message: 'The passkey is removed.' });
      }
      return fakeResponse(404);
    });
    const { user } = renderWithProviders(<TwoStepCard />);
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    expect(within(list).getByText(/not used yet/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Remove Passkey 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this passkey?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/^None yet\./)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/user/two-step/passkeys/4',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeInTheDocument();
  });
});
