import { screen, waitFor, within } from '@testing-library/react';
import type { Memory, UserProfile } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch, type FetchCall } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { MemoriesCard } from '../components/memories-card';
import { memoryOf, rose, tom } from './fixtures';

/** A memories back end for one person, newest first. */
function memoriesBackEnd(
  owner: UserProfile,
  initial: Memory[],
  failures: Partial<Record<'add' | 'delete', Response>> = {},
) {
  let memories = [...initial];
  let nextId = 100;
  return stubFetch((call: FetchCall) => {
    if (call.method === 'GET' && call.url === `/api/memories?userId=${owner.id}`) return fakeResponse(200, memories);
    if (call.method === 'POST' && call.url === '/api/memories') {
      if (failures.add) return failures.add;
      const { title, content } = call.body as { title: string; content: string };
      const memory = { ...memoryOf(owner, nextId++), title, content };
      memories = [memory, ...memories];
      return fakeResponse(201, memory);
    }
    if (call.method === 'DELETE' && call.url.startsWith('/api/memories/')) {
      if (failures.delete) return failures.delete;
      const id = Number(call.url.split('/').pop());
      memories = memories.filter((m) => m.id !== id);
      return fakeResponse(204);
    }
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
}

const changes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const four = [4, 3, 2, 1].map((id) => memoryOf(rose, id));

afterEach(restoreFetch);

describe(MemoriesCard.name, () => {
  it('lets anyone add a memory about a person without an account, and delete only what they wrote', async () => {
    const great = { ...rose, id: 77, username: null };
    const byTom = { ...memoryOf(tom, 2, 'The orchard'), personId: 77 };
    const byRose = { ...memoryOf(rose, 1, 'His boat'), personId: 77 };
    const { calls } = memoriesBackEnd(great, [byTom, byRose]);
    const { user } = renderWithProviders(<MemoriesCard user={great} own={false} writerId={tom.id} />);

    expect(await screen.findByRole('heading', { name: 'The orchard' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /delete/i })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Add memory' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'Sundays');
    await user.type(within(dialog).getByLabelText('Memory'), 'We ate at his table.');
    await user.click(within(dialog).getByRole('button', { name: 'Add memory' }));
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        {
          method: 'POST',
          url: '/api/memories',
          body: { title: 'Sundays', content: 'We ate at his table.', personId: 77 },
        },
      ]),
    );
  });

  it("shows the first 3 memories and 'See All' to the memories page when there are more", async () => {
    memoriesBackEnd(rose, four);
    renderWithProviders(<MemoriesCard user={rose} own={false} />);

    expect(await screen.findByRole('heading', { name: 'Memory 4' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('heading', { name: 'Memory 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See All' })).toHaveAttribute('href', '/profile/1/memories');
    expect(screen.queryByRole('button', { name: 'Add memory' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete memory/ })).not.toBeInTheDocument();
  });

  it("has no 'See All' for 3 memories or fewer", async () => {
    memoriesBackEnd(rose, four.slice(0, 3));
    renderWithProviders(<MemoriesCard user={rose} own />);

    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'See All' })).not.toBeInTheDocument();
  });

  it('says when there are no memories', async () => {
    memoriesBackEnd(tom, []);
    renderWithProviders(<MemoriesCard user={tom} own={false} />);
    expect(await screen.findByText('No memories yet.')).toBeInTheDocument();
  });

  it('asks for a title and the memory before sending, then adds it trimmed at the top', async () => {
    const { calls } = memoriesBackEnd(rose, four.slice(0, 2));
    const { user } = renderWithProviders(<MemoriesCard user={rose} own />);
    await screen.findAllByRole('article');

    await user.click(screen.getByRole('button', { name: 'Add memory' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a memory' });
    await user.type(within(dialog).getByLabelText('Title'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Add memory' }));
    expect(within(dialog).getByText('Please enter a title for your memory')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your memory')).toBeInTheDocument();
    expect(changes(calls)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Title'), ' The lake ');
    await user.type(within(dialog).getByLabelText('Memory'), '  We swam every morning. ');
    await user.click(within(dialog).getByRole('button', { name: 'Add memory' }));

    expect(await screen.findByText('Memory added successfully')).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      { url: '/api/memories', method: 'POST', body: { title: 'The lake', content: 'We swam every morning.' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('article')[0]).toHaveTextContent('The lake');
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it("keeps the dialog open with the server's sentence when adding fails", async () => {
    memoriesBackEnd(rose, [], { add: fakeResponse(400, { message: 'Please enter your memory' }) });
    const { user } = renderWithProviders(<MemoriesCard user={rose} own />);
    await screen.findByText('No memories yet. Add the first one!');

    await user.click(screen.getByRole('button', { name: 'Add memory' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a memory' });
    await user.type(within(dialog).getByLabelText('Title'), 'Title');
    await user.type(within(dialog).getByLabelText('Memory'), 'Text');
    await user.click(within(dialog).getByRole('button', { name: 'Add memory' }));

    // The open dialog hides the rest of the page from assistive technology, the toast included.
    const toast = await screen.findByRole('alert', { hidden: true });
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Please enter your memory');
    expect(screen.getByRole('dialog', { name: 'Add a memory' })).toBeInTheDocument();
  });

  it('deletes a memory only after the confirmation', async () => {
    const { calls } = memoriesBackEnd(rose, four.slice(0, 2));
    const { user } = renderWithProviders(<MemoriesCard user={rose} own />);
    await screen.findAllByRole('article');

    await user.click(screen.getByRole('button', { name: 'Delete memory "Memory 4"' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete memory' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this memory? This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete memory "Memory 4"' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete memory' })).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByText('Memory deleted successfully')).toBeInTheDocument();
    expect(changes(calls)).toEqual([{ url: '/api/memories/4', method: 'DELETE', body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Memory 4' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it("shows the server's sentence when deleting is refused", async () => {
    memoriesBackEnd(rose, four.slice(0, 1), {
      delete: fakeResponse(403, { message: 'You can only delete your own memories' }),
    });
    const { user } = renderWithProviders(<MemoriesCard user={rose} own />);
    await screen.findAllByRole('article');

    await user.click(screen.getByRole('button', { name: 'Delete memory "Memory 4"' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete memory' })).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent(
      'You can only delete your own memories',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });
});
