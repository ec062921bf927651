import { screen, waitFor } from '@testing-library/react';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { AuthScreen } from '../components/auth-screen';

afterEach(restoreFetch);

const WRONG_CODE =
  'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.';
const rose = { id: 7, username: 'rose', displayName: 'Grandma Rose' };

describe('the code step of signing in', () => {
  async function passwordStep() {
    const rendered = renderWithProviders(<AuthScreen />);
    await rendered.user.type(screen.getByLabelText('Username'), 'rose');
    await rendered.user.type(screen.getByLabelText('Password'), 'secret-pw');
    await rendered.user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { level: 1, name: 'Two-step sign-in' });
    return rendered;
  }

  it('asks for the code after a right password, with the recovery code hint, and sends only the code', async () => {
    const { calls } = stubFetch((call) =>
      call.url === '/api/login'
        ? fakeResponse(200, { secondStep: ['totp'] })
        : call.url === '/api/login/code'
          ? fakeResponse(200, { user: rose })
          : fakeResponse(401, { message: 'Please sign in to continue.' }),
    );
    const { user } = await passwordStep();
    const code = screen.getByLabelText('Code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByText('Lost your phone? Enter one of your recovery codes instead.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Please enter the code from your authenticator app, or a recovery code'),
    ).toBeVisible();
    await user.type(code, ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/login/code')).toHaveLength(1));
    expect(calls.find((call) => call.url === '/api/login/code')?.body).toEqual({ code: '123456' });
  });

  it('says a wrong code in words and empties the field for the next one', async () => {
    stubFetch((call) =>
      call.url === '/api/login'
        ? fakeResponse(200, { secondStep: ['totp'] })
        : fakeResponse(401, { message: WRONG_CODE, code: 'invalid_second_factor_code' }),
    );
    const { user } = await passwordStep();
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(WRONG_CODE)).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveValue('');
    expect(screen.getByLabelText('Code')).toHaveFocus();
  });

  it('goes back to the password, username kept, when the code came too late', async () => {
    stubFetch((call) =>
      call.url === '/api/login'
        ? fakeResponse(200, { secondStep: ['totp'] })
        : fakeResponse(401, {
            message: 'Your sign-in took too long or was not started. Enter your username and password again.',
            code: 'second_step_expired',
          }),
    );
    const { user } = await passwordStep();
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Your sign-in took too long or was not started. Enter your username and password again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome Back');
    expect(screen.getByLabelText('Username')).toHaveValue('rose');
  });

  it('offers only the passkey when the account has no authenticator app', async () => {
    stubFetch((call) =>
      call.url === '/api/login' ? fakeResponse(200, { secondStep: ['passkey'] }) : fakeResponse(404),
    );
    await passwordStep();
    expect(
      screen.getByText('Use the passkey you added for Family Archive on this device or your phone.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Login' })).toBeInTheDocument();
  });
});
