import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { NotFound } from '../not-found';

describe(NotFound.name, () => {
  it('says the page does not exist or may not be seen, and links home', () => {
    renderWithProviders(<NotFound />);

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(
      screen.getByText("The page you're looking for doesn't exist or you don't have permission to view it."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Media Gallery' })).toHaveAttribute('href', '/');
  });
});
