import { screen, waitFor } from '@testing-library/react';
import type { BulkResult } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { answerPeopleSearch, listItem, pickPerson } from '../../../testing/fake-people';
import { renderWithProviders } from '../../../testing/render';
import { BulkTagDialog } from '../selection/bulk-tag-dialog';
import { rose, tom } from './fixtures';

const family = [listItem(rose), listItem(tom), listItem({ id: 40, username: null, displayName: 'Babcia Jadzia' })];

afterEach(restoreFetch);

describe(BulkTagDialog.name, () => {
  it('tags one person, found by typing, in every selected item in one request', async () => {
    const result: BulkResult = { done: [10, 11], skipped: [{ id: 12, reason: 'Already tagged' }] };
    const { calls } = stubFetch(
      (call) =>
        answerPeopleSearch(call, family) ??
        (call.method === 'POST' && call.url === '/api/media/bulk'
          ? fakeResponse(200, result)
          : fakeResponse(404, { message: `Not stubbed: ${call.url}` })),
    );
    const onDone = jest.fn();
    const onClose = jest.fn();
    const { user } = renderWithProviders(<BulkTagDialog open ids={[10, 11, 12]} onClose={onClose} onDone={onDone} />);
    expect(screen.getByRole('button', { name: 'Tag' })).toBeDisabled();
    await pickPerson(user, 'Person to tag', 'babcia', /^Babcia Jadzia/);
    await user.click(screen.getByRole('button', { name: 'Tag' }));

    expect(await screen.findByText('Tagged Babcia Jadzia in 2 items')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      action: 'tag',
      ids: [10, 11, 12],
      userId: 40,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onDone).toHaveBeenCalledWith(result);
  });
});
