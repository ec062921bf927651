import { screen, waitFor, within } from '@testing-library/react';
import { deferred, fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { AuthScreen } from '../components/auth-screen';

afterEach(restoreFetch);

const heading = () => screen.getByRole('heading', { level: 1 });

describe(AuthScreen.name, () => {
  it('starts in login mode with Username, Password, Login and the Forgot Password? link', () => {
    renderWithProviders(<AuthScreen />);

    expect(heading()).toHaveTextContent('Welcome Back');
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Forgot Password?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Need an account?' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Display Name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Reset code')).not.toBeInTheDocument();
  });

  it('switches to register mode with its own fields and clears what was typed', async () => {
    const { user } = renderWithProviders(<AuthScreen />);
    await user.type(screen.getByLabelText('Username'), 'grandma');
    await user.type(screen.getByLabelText('Password'), 'secret123');

    await user.click(screen.getByRole('button', { name: 'Need an account?' }));

    expect(heading()).toHaveTextContent('Create Your Account');
    expect(screen.getByLabelText('Username')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Display Name')).toHaveAttribute('placeholder', 'How should we call you?');
    expect(screen.getByLabelText('Email (optional)')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Forgot Password?' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Reset code')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Display Name'), 'Grandma Rose');
    await user.click(screen.getByRole('button', { name: 'Already have an account?' }));

    expect(heading()).toHaveTextContent('Welcome Back');
    expect(screen.queryByLabelText('Display Name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('');
  });

  it('shows the reset code field only in reset mode, and Back to Login clears the fields', async () => {
    const { user } = renderWithProviders(<AuthScreen />);
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));

    expect(heading()).toHaveTextContent('Reset Password');
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Reset code')).toBeInTheDocument();
    expect(screen.getByText('Ask whoever runs the archive for a reset code.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Forgot Password?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Need an account?' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Username'), 'grandpa');
    await user.type(screen.getByLabelText('Reset code'), 'ABC123');
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));

    expect(heading()).toHaveTextContent('Welcome Back');
    expect(screen.getByLabelText('Username')).toHaveValue('');
    expect(screen.queryByLabelText('Reset code')).not.toBeInTheDocument();
  });

  it('asks for the missing username and password before sending anything', async () => {
    const { mock } = stubFetch(() => fakeResponse(500));
    const { user } = renderWithProviders(<AuthScreen />);

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(screen.getByText('Please enter your username')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(mock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Username'), 'g');
    expect(screen.queryByText('Please enter your username')).not.toBeInTheDocument();
  });

  it('requires a password of at least 6 characters on register', async () => {
    const { mock } = stubFetch(() => fakeResponse(500));
    const { user } = renderWithProviders(<AuthScreen />);
    await user.click(screen.getByRole('button', { name: 'Need an account?' }));

    await user.type(screen.getByLabelText('Username'), 'rose');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(mock).not.toHaveBeenCalled();
  });

  it('requires username, new password and reset code on reset', async () => {
    const { mock } = stubFetch(() => fakeResponse(500));
    const { user } = renderWithProviders(<AuthScreen />);
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));

    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(screen.getByText('Please enter your username')).toBeInTheDocument();
    expect(screen.getByText('Please enter a new password')).toBeInTheDocument();
    expect(screen.getByText('Please enter the reset code')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(mock).not.toHaveBeenCalled();
  });

  it('says "Logging in..." while busy and shows the server\'s sentence, not its JSON, on failure', async () => {
    const answer = deferred<Response>();
    const { calls } = stubFetch(() => answer.promise);
    const { user } = renderWithProviders(<AuthScreen />);

    await user.type(screen.getByLabelText('Username'), ' grandma ');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    expect(calls).toEqual([
      {
        url: '/api/login',
        method: 'POST',
        body: { username: 'grandma', password: 'wrong-pass', displayName: 'grandma' },
      },
    ]);

    answer.resolve(fakeResponse(401, { message: 'Invalid username or password' }));

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Invalid username or password')).toBeInTheDocument();
    expect(toast).not.toHaveTextContent('{');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('registers with the display name falling back to the username and no empty email', async () => {
    const answer = deferred<Response>();
    const { calls } = stubFetch(() => answer.promise);
    const { user } = renderWithProviders(<AuthScreen />);
    await user.click(screen.getByRole('button', { name: 'Need an account?' }));

    await user.type(screen.getByLabelText('Username'), 'rose');
    await user.type(screen.getByLabelText('Password'), 'roses-are-red');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    expect(calls[0]).toEqual({
      url: '/api/register',
      method: 'POST',
      body: { username: 'rose', password: 'roses-are-red', displayName: 'rose' },
    });

    answer.resolve(fakeResponse(403, { message: 'Sign-up is closed. Ask a family member to add you.' }));
    expect(await screen.findByText('Sign-up is closed. Ask a family member to add you.')).toBeInTheDocument();
  });

  it('resets the password with the code, says so, and returns to login', async () => {
    const answer = deferred<Response>();
    const { calls } = stubFetch(() => answer.promise);
    const { user } = renderWithProviders(<AuthScreen />);
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));

    await user.type(screen.getByLabelText('Username'), 'grandpa');
    await user.type(screen.getByLabelText('New Password'), 'new-secret');
    await user.type(screen.getByLabelText('Reset code'), ' K7P2-QX9M ');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(screen.getByRole('button', { name: 'Resetting Password...' })).toBeDisabled();
    expect(calls[0]).toEqual({
      url: '/api/reset-password',
      method: 'POST',
      body: { username: 'grandpa', newPassword: 'new-secret', resetCode: 'K7P2-QX9M' },
    });

    answer.resolve(fakeResponse(200, { message: 'Password reset' }));

    expect(await screen.findByText('Password has been reset successfully')).toBeInTheDocument();
    await waitFor(() => expect(heading()).toHaveTextContent('Welcome Back'));
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows "Invalid or expired reset code" when the code is wrong and stays in reset mode', async () => {
    stubFetch(() => fakeResponse(400, { message: 'Invalid or expired reset code' }));
    const { user } = renderWithProviders(<AuthScreen />);
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));

    await user.type(screen.getByLabelText('Username'), 'grandpa');
    await user.type(screen.getByLabelText('New Password'), 'new-secret');
    await user.type(screen.getByLabelText('Reset code'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Invalid or expired reset code')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Reset Password');
  });
});
