import { screen, within } from '@testing-library/react';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { MemoriesPage } from '../components/memories-page';
import { memoryOf, rose, tom } from './fixtures';

afterEach(restoreFetch);

describe(MemoriesPage.name, () => {
  const memories = [5, 4, 3, 2, 1].map((id) => memoryOf(tom, id));

  function backEnd() {
    return stubFetch((call) => {
      if (call.url === '/api/users/7') return fakeResponse(200, tom);
      if (call.url === '/api/memories?userId=7') return fakeResponse(200, memories);
      if (call.url === '/api/users/1') return fakeResponse(200, rose);
      if (call.url === '/api/memories?userId=1') return fakeResponse(200, []);
      return fakeResponse(404, { message: 'No such person.' });
    });
  }

  it("lists all of another person's memories, read-only, with a back link to their profile", async () => {
    backEnd();
    renderWithProviders(<MemoriesPage userId={7} currentUserId={1} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Memories' })).toBeInTheDocument();
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(5);
    // Each names its writer, a link to their profile.
    expect(within(articles[0]!).getByRole('link', { name: 'Uncle Tom' })).toHaveAttribute('href', '/profile/7');
    expect(screen.getByRole('link', { name: "Back to Uncle Tom's profile" })).toHaveAttribute('href', '/profile/7');
    expect(screen.queryByRole('button', { name: 'Add memory' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete memory/ })).not.toBeInTheDocument();
  });

  it('lets the owner add memories from their own list', async () => {
    backEnd();
    renderWithProviders(<MemoriesPage userId={1} currentUserId={1} />);

    expect(await screen.findByText('No memories yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your profile' })).toHaveAttribute('href', '/profile/1');
    expect(screen.getByRole('button', { name: 'Add memory' })).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown person', async () => {
    backEnd();
    renderWithProviders(<MemoriesPage userId={99} currentUserId={1} />);
    expect(
      await screen.findByText("The page you're looking for doesn't exist or you don't have permission to view it."),
    ).toBeInTheDocument();
  });
});
