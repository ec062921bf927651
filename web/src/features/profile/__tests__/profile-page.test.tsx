import { screen } from '@testing-library/react';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { ProfilePage } from '../components/profile-page';
import { memoryOf, rose, tom } from './fixtures';

afterEach(restoreFetch);

function backEnd() {
  return stubFetch((call) => {
    if (call.url === '/api/memories?userId=7') return fakeResponse(200, [memoryOf(tom, 1)]);
    if (call.url === '/api/memories?userId=1') return fakeResponse(200, [memoryOf(rose, 2)]);
    return fakeResponse(404, { message: 'Not stubbed' });
  });
}

describe(ProfilePage.name, () => {
  it("shows another person's profile read-only, with a way back to the tree and the other features' cards", async () => {
    backEnd();
    renderWithProviders(
      <ProfilePage
        user={tom}
        own={false}
        uploadedMedia={<section aria-label="Uploaded Media" />}
        taggedMedia={<section aria-label="Tagged Media" />}
        familyTree={<section aria-label="Family Tree" />}
        relationAction={<button type="button">Add Relation</button>}
      />,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Uncle Tom' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Family Tree' })).toHaveAttribute('href', '/family');
    expect(screen.getByRole('button', { name: 'Add Relation' })).toBeInTheDocument();
    for (const name of ['Profile', 'Uploaded Media', 'Tagged Media', 'Story', 'Memories', 'Family Tree']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(await screen.findByRole('heading', { name: 'Memory 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Change|Add memory|Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Delete account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sign out everywhere' })).not.toBeInTheDocument();
  });

  it('shows the own profile with its editors and account cards, and no back link', async () => {
    backEnd();
    renderWithProviders(<ProfilePage user={rose} own />);

    expect(screen.getByRole('heading', { level: 1, name: 'Grandma Rose' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to Family Tree' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change picture' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit birthday' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit story' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add memory' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Delete account' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sign out everywhere' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Delete memory "Memory 2"' })).toBeInTheDocument();
  });
});
