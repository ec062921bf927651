import { screen, waitFor, within } from '@testing-library/react';
import useSWR from 'swr';
import type { UserProfile } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch, type FetchCall } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { StoryCard } from '../components/story-card';
import { rose, tom } from './fixtures';

function storyBackEnd(user: UserProfile, failure?: Response) {
  let current = user;
  return stubFetch((call: FetchCall) => {
    if (call.method === 'POST' && call.url === '/api/users/story') {
      if (failure) return failure;
      const story = (call.body as { story: string }).story;
      current = { ...current, story: story === '' ? null : story };
      return fakeResponse(200, current);
    }
    if (call.url === '/api/user') return fakeResponse(200, current);
    if (call.url === '/api/users') return fakeResponse(200, []);
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
}

function OwnStoryCard() {
  const { data } = useSWR<UserProfile>('/api/user');
  return data ? <StoryCard user={data} own /> : null;
}

const posts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'POST');

afterEach(restoreFetch);

describe(StoryCard.name, () => {
  it("shows another person's story, read-only", () => {
    renderWithProviders(<StoryCard user={rose} own={false} />);
    expect(screen.getByRole('heading', { name: 'Story' })).toBeInTheDocument();
    expect(screen.getByText('I grew up by the sea.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /story/i })).not.toBeInTheDocument();
  });

  it('says when someone has no story yet', () => {
    renderWithProviders(<StoryCard user={tom} own={false} />);
    expect(screen.getByText('No story yet.')).toBeInTheDocument();
  });

  it('edits the story in place, sends it trimmed and says so', async () => {
    const { calls } = storyBackEnd(rose);
    const { user } = renderWithProviders(<OwnStoryCard />);

    await user.click(await screen.findByRole('button', { name: 'Edit story' }));
    const editor = screen.getByLabelText('Your story');
    expect(editor).toHaveValue('I grew up by the sea.');
    await user.type(editor, ' We had a little boat.  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your story has been updated')).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      { url: '/api/users/story', method: 'POST', body: { story: 'I grew up by the sea. We had a little boat.' } },
    ]);
    expect(screen.queryByLabelText('Your story')).not.toBeInTheDocument();
    expect(screen.getByText('I grew up by the sea. We had a little boat.')).toBeInTheDocument();
  });

  it('restores the saved story on Cancel', async () => {
    const { calls } = storyBackEnd(rose);
    const { user } = renderWithProviders(<OwnStoryCard />);

    await user.click(await screen.findByRole('button', { name: 'Edit story' }));
    await user.clear(screen.getByLabelText('Your story'));
    await user.type(screen.getByLabelText('Your story'), 'Something else entirely');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByText('I grew up by the sea.')).toBeInTheDocument();
    expect(screen.queryByText('Something else entirely')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit story' }));
    expect(screen.getByLabelText('Your story')).toHaveValue('I grew up by the sea.');
    expect(posts(calls)).toEqual([]);
  });

  it('refuses a story over 20,000 characters before sending', async () => {
    const { calls } = storyBackEnd({ ...rose, story: 'x'.repeat(20_001) });
    const { user } = renderWithProviders(<OwnStoryCard />);

    await user.click(await screen.findByRole('button', { name: 'Edit story' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByText('Your story is too long: keep it under 20,000 characters')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it('clears the story when the editor is emptied', async () => {
    const { calls } = storyBackEnd(rose);
    const { user } = renderWithProviders(<OwnStoryCard />);

    await user.click(await screen.findByRole('button', { name: 'Edit story' }));
    await user.clear(screen.getByLabelText('Your story'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(posts(calls)).toEqual([{ url: '/api/users/story', method: 'POST', body: { story: '' } }]),
    );
    expect(await screen.findByRole('button', { name: 'Write your story' })).toBeInTheDocument();
  });

  it("says 'Failed to update story' when the server gives no reason, and keeps the draft", async () => {
    storyBackEnd(rose, fakeResponse(500, '', 'Internal Server Error'));
    const { user } = renderWithProviders(<OwnStoryCard />);

    await user.click(await screen.findByRole('button', { name: 'Edit story' }));
    await user.type(screen.getByLabelText('Your story'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Failed to update story')).toBeInTheDocument();
    expect(screen.getByLabelText('Your story')).toHaveValue('I grew up by the sea.!');
  });
});
