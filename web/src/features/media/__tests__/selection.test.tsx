import { screen, waitFor, within } from '@testing-library/react';
import type { MediaItem } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { MediaGrid } from '../components/media-grid';
import { mediaItem } from './fixtures';

const items: MediaItem[] = [1, 2, 3, 4, 5].map((id) => mediaItem({ id, title: `Photo ${id}` }));

afterEach(restoreFetch);

describe('Select many in the media grid', () => {
  it('selects a range with shift-click, deletes after one confirm, and reports what was skipped and why', async () => {
    const { calls } = stubFetch((call) => {
      if (call.url === '/api/media/bulk') {
        return fakeResponse(200, {
          done: [2, 3],
          skipped: [{ id: 4, reason: 'Only the uploader or the album creator can delete this item' }],
        });
      }
      return fakeResponse(200, { items, nextCursor: null });
    });
    const { user } = renderWithProviders(<MediaGrid />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Photo 2' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Photo 4' }));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('toolbar', { name: 'Selected items' });
    expect(bar).toHaveTextContent('3 selected');
    expect(screen.getByRole('checkbox', { name: 'Select Photo 3' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Photo 5' })).not.toBeChecked();

    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete 3 items?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/media/bulk')).toHaveLength(1));
    expect(calls.find((c) => c.url === '/api/media/bulk')!.body).toEqual({ action: 'delete', ids: [2, 3, 4] });
    expect(await screen.findByText('Moved 2 items to the trash')).toBeInTheDocument();
    expect(
      screen.getByText('Skipped 1 item: Only the uploader or the album creator can delete this item (1).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Selected items' })).not.toBeInTheDocument();
  });

  it('keeps Tag Users as a compact icon button with its name, and Clear empties the selection', async () => {
    stubFetch(() => fakeResponse(200, { items, nextCursor: null }));
    const { user } = renderWithProviders(<MediaGrid />);
    const card = await screen.findByRole('article', { name: 'Photo 1' });
    expect(within(card).getByRole('button', { name: 'Tag Users' })).not.toHaveTextContent('Tag Users');
    await user.click(within(card).getByRole('checkbox', { name: 'Select Photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('toolbar', { name: 'Selected items' })).not.toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Select Photo 1' })).not.toBeChecked();
  });
});
