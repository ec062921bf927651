import { screen, waitFor, within } from '@testing-library/react';
import type { MediaTag } from '@family/contract';
import { deferred, fakeResponse, restoreFetch, stubFetch, type FetchCall } from '../../../testing/fake-fetch';
import { answerPeopleSearch, listItem, pickPerson } from '../../../testing/fake-people';
import { renderWithProviders } from '../../../testing/render';
import { TagUsersDialog } from '../components/tag-users-dialog';
import { ann, rose, tom } from './fixtures';

const jadzia = listItem(
  { id: 40, username: null, displayName: 'Babcia Jadzia' },
  {
    givenName: 'Jadwiga',
    surname: 'Nowak',
    birth: { date: '1921', place: null },
    death: { date: '1999', place: null },
  },
);
const family = [listItem(rose), listItem(tom), listItem(ann), jadzia];

function backEnd(
  initialTags: MediaTag[],
  answers: Record<string, (call: FetchCall) => Response | Promise<Response>> = {},
) {
  let tags = initialTags;
  const setTags = (next: MediaTag[]) => {
    tags = next;
  };
  const stub = stubFetch((call) => {
    const answer = answers[`${call.method} ${call.url}`];
    if (answer) return answer(call);
    const searched = answerPeopleSearch(call, family);
    if (searched) return searched;
    // Rose is signed in; she uploaded item 10, so she may edit it.
    if (call.url === '/api/user') return fakeResponse(200, { ...rose, email: null, dateOfBirth: null });
    if (call.method === 'GET' && call.url === '/api/media/10/tags') return fakeResponse(200, tags);
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
  return { ...stub, setTags };
}

function renderDialog(uploader = rose, albumId: number | null = null) {
  const onClose = jest.fn();
  const view = renderWithProviders(
    <TagUsersDialog open item={{ id: 10, user: uploader, albumId }} onClose={onClose} />,
  );
  return { onClose, ...view };
}

afterEach(restoreFetch);

describe('TagUsersDialog', () => {
  it('offers only people not yet tagged, with Tag User disabled until one is chosen', async () => {
    backEnd([{ userId: 2, user: tom }]);
    const { user } = renderDialog();
    expect(screen.getByText('Select users to tag in this media')).toBeInTheDocument();
    const tagged = await screen.findByRole('list', { name: 'Tagged Users' });
    expect(within(tagged).getByText('Uncle Tom')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tag User' })).toBeDisabled();
    // Before typing: the members, but not Tom, who is tagged.
    await user.click(screen.getByRole('combobox', { name: 'Person to tag' }));
    await screen.findByRole('option', { name: /^Grandma Rose/ });
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual([
      'ann, member',
      'Grandma Rose, member, @rose',
    ]);
    await user.type(screen.getByRole('combobox', { name: 'Person to tag' }), 'to');
    // Said in the list and to a screen reader.
    expect(await screen.findByText('No one found', { selector: '.MuiAutocomplete-noOptions' })).toBeVisible();
    expect(screen.getByText('No one found', { selector: '[role=status]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tag User' })).toBeDisabled();
  });

  it('tags the chosen person with their id as a number, says so, clears the choice and closes', async () => {
    const answer = deferred<Response>();
    const { calls, setTags } = backEnd([], { 'POST /api/media/10/tags': () => answer.promise });
    const { user, onClose } = renderDialog();
    await pickPerson(user, 'Person to tag', 'rose', /^Grandma Rose/);
    await user.click(screen.getByRole('button', { name: 'Tag User' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: 1 });
    expect(screen.getByRole('button', { name: 'Tag User' })).toBeDisabled();

    setTags([{ userId: 1, user: rose }]);
    answer.resolve(fakeResponse(201, { userId: 1, user: rose }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('User tagged successfully')).toBeInTheDocument();
    // The tag list was asked again.
    expect(calls.filter((c) => c.url === '/api/media/10/tags' && c.method === 'GET').length).toBeGreaterThan(1);
  });

  it('shows a tag that waits for confirmation, and lets one who may edit the item confirm it', async () => {
    const { calls, setTags } = backEnd([{ userId: 2, user: tom, awaitingConfirmation: true }], {
      'POST /api/media/10/tags': () => {
        setTags([{ userId: 2, user: tom }]);
        return fakeResponse(201, { userId: 2, user: tom });
      },
    });
    const { user } = renderDialog();
    const tagged = await screen.findByRole('list', { name: 'Tagged Users' });
    expect(within(tagged).getByText(/Waiting for someone who may edit this item to confirm/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Confirm Uncle Tom' }));
    expect(await screen.findByText('Tag confirmed')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: 2 });
    await waitFor(() => expect(screen.queryByText(/Waiting for someone/)).not.toBeInTheDocument());
  });

  it('offers no Confirm to one who may not edit the item', async () => {
    backEnd([{ userId: 2, user: tom, awaitingConfirmation: true }]);
    renderDialog(ann);
    expect(await screen.findByText(/Waiting for someone who may edit this item to confirm/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Uncle Tom' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Uncle Tom' })).not.toBeInTheDocument();
  });

  it('removes a tag and says so', async () => {
    const { calls, setTags } = backEnd([{ userId: 2, user: tom }], {
      'DELETE /api/media/10/tags/2': () => {
        setTags([]);
        return fakeResponse(204);
      },
    });
    const { user } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Remove Uncle Tom' }));
    expect(await screen.findByText('Tag removed successfully')).toBeInTheDocument();
    expect(await screen.findByText('Nobody is tagged yet.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/media/10/tags/2')).toBe(true);
  });

  it("shows the server's sentence when tagging fails", async () => {
    backEnd([], { 'POST /api/media/10/tags': () => fakeResponse(409, { message: 'This person is already tagged' }) });
    const { user, onClose } = renderDialog();
    await pickPerson(user, 'Person to tag', 'uncle', /^Uncle Tom/);
    await user.click(screen.getByRole('button', { name: 'Tag User' }));
    const toast = await screen.findByRole('alert', { hidden: true });
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('This person is already tagged');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('finds people without accounts too by typing, with their years, and tags them', async () => {
    const { calls } = backEnd([], {
      'POST /api/media/10/tags': () => fakeResponse(201, { userId: 40, user: jadzia }),
    });
    const { user } = renderDialog();
    await user.type(screen.getByRole('combobox', { name: 'Person to tag' }), 'nowak');
    const option = await screen.findByRole('option', { name: 'Babcia Jadzia, 1921–1999' });
    expect(within(option).getByText('1921–1999')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/people?')).map((c) => c.url)).toContain(
      '/api/people?q=nowak&limit=20',
    );
    await user.click(option);
    await user.click(screen.getByRole('button', { name: 'Tag User' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: 40 });
  });

  it("offers one who may not edit a private album's item only those who see the album, searched by name", async () => {
    // Ann's private album 7: Rose is a member without Can Edit, Tom uploaded the item; Babcia Jadzia is not in it.
    const album = {
      id: 7,
      name: 'Ann only',
      isShared: false,
      createdBy: ann.id,
      creator: ann,
      members: [{ userId: rose.id, canEdit: false, user: rose }],
    };
    const { calls } = backEnd([], { 'GET /api/albums': () => fakeResponse(200, [album]) });
    const { user } = renderDialog(tom, 7);
    expect(
      await screen.findByText(/This item is in a private album: you can tag those who see it\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Person to tag' }));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual([
        'ann, member',
        'Grandma Rose, member, @rose',
        'Uncle Tom, member, @tom',
      ]),
    );
    await user.type(screen.getByRole('combobox', { name: 'Person to tag' }), 'nowak');
    expect(await screen.findByText('No one found', { selector: '.MuiAutocomplete-noOptions' })).toBeVisible();
    await user.clear(screen.getByRole('combobox', { name: 'Person to tag' }));
    await user.type(screen.getByRole('combobox', { name: 'Person to tag' }), 'UNCLE');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual([
        'Uncle Tom, member, @tom',
      ]),
    );
    // The family's search is never asked: it would offer people the server refuses.
    expect(calls.some((c) => c.url.startsWith('/api/people?'))).toBe(false);
  });
});
