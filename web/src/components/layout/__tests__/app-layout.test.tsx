import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { AppLayout } from '../app-layout';

const originalMatchMedia = window.matchMedia;

/** Pretends to be a phone: every media query for "below md" matches. */
function pretendPhone() {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe(AppLayout.name, () => {
  it('shows the app name and the navigation with the right addresses', () => {
    renderWithProviders(
      <AppLayout onLogout={() => {}}>
        <p>page body</p>
      </AppLayout>,
      { route: '/albums' },
    );

    expect(screen.getByRole('link', { name: 'Family Archive' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Media Gallery' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Albums' })).toHaveAttribute('href', '/albums');
    expect(within(nav).getByRole('link', { name: 'Family Tree' })).toHaveAttribute('href', '/family');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('link', { name: 'Albums' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Media Gallery' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('main')).toHaveTextContent('page body');
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });

  it('calls onLogout from the Logout button', async () => {
    const onLogout = jest.fn();
    const { user } = renderWithProviders(<AppLayout onLogout={onLogout}>page</AppLayout>);

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('puts the navigation in a side menu on phones', async () => {
    pretendPhone();
    const onLogout = jest.fn();
    const { user } = renderWithProviders(
      <AppLayout onLogout={onLogout} userName="Grandma Rose">
        page
      </AppLayout>,
    );

    expect(screen.queryByRole('link', { name: 'Albums' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Family Tree' })).toHaveAttribute('href', '/family');
    expect(screen.getByText('Signed in as Grandma Rose')).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
