import { screen, within } from '@testing-library/react';
import type { FamilyRelation, PersonSummary } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch, type FetchCall } from '../../../testing/fake-fetch';
import { answerPeopleSearch, listItem } from '../../../testing/fake-people';
import { renderWithProviders } from '../../../testing/render';
import { AddFamilyMemberDialog } from '../components/add-family-member-dialog';

const tom: PersonSummary = { id: 2, username: 'tom', displayName: 'Tom', profilePicture: null };
const amy: PersonSummary = { id: 3, username: 'amy', displayName: 'Amy', profilePicture: null };
const ned: PersonSummary = { id: 4, username: 'ned', displayName: 'Ned', profilePicture: null };
const me: PersonSummary = { id: 1, username: 'rose', displayName: 'Grandma Rose', profilePicture: null };

/** Tom's tree: Amy is already his spouse. */
const tomTree: FamilyRelation[] = [
  { id: 7, fromUserId: 2, toUserId: 3, relationType: 'spouse', fromUser: tom, toUser: amy },
];

function backEnd(answers: Record<string, (call: FetchCall) => Response> = {}) {
  return stubFetch((call) => {
    const answer = answers[`${call.method} ${call.url}`];
    if (answer) return answer(call);
    if (call.url === '/api/users') return fakeResponse(200, [me, tom, amy, ned]);
    const searched = answerPeopleSearch(
      call,
      [me, tom, amy, ned].map((person) => listItem(person)),
    );
    if (searched) return searched;
    if (call.url === '/api/family/2') return fakeResponse(200, tomTree);
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
}

function renderDialog() {
  const onClose = jest.fn();
  return {
    onClose,
    ...renderWithProviders(<AddFamilyMemberDialog open onClose={onClose} fromUserId={2} fromUserName="Tom" />),
  };
}

const submit = () => screen.getByRole('button', { name: 'Add Family Member' });

afterEach(restoreFetch);

describe('AddFamilyMemberDialog', () => {
  it('asks for a user first', async () => {
    const { calls } = backEnd();
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Existing User' }));
    await user.click(submit());
    expect(screen.getByText('Please select a user')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('relates an existing user to the profile owner with fromUserId', async () => {
    const { calls } = backEnd({ 'POST /api/family': () => fakeResponse(201, { id: 8 }) });
    const { user, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Existing User' }));

    await user.click(screen.getByRole('combobox', { name: 'User' }));
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: /^Ned/ });
    const options = within(listbox)
      .getAllByRole('option')
      .map((option) => option.getAttribute('aria-label'));
    // Tom himself and Amy (already his spouse) are not offered.
    expect(options).toEqual(['Grandma Rose, member, @rose', 'Ned, member']);
    await user.click(screen.getByRole('option', { name: /Ned/ }));
    await user.click(submit());
    expect(screen.getByText('Please select a relation type')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Relation type'), 'sibling');
    expect(screen.getByText('What is Ned to Tom?')).toBeInTheDocument();
    await user.click(submit());

    expect(await screen.findByText('Family member added successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      url: '/api/family',
      method: 'POST',
      body: { fromUserId: 2, toUserId: 4, relationType: 'sibling' },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('asks for the new user details, then for the username', async () => {
    const { calls } = backEnd();
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'New User' }));

    await user.click(submit());
    expect(screen.getByText('Please fill in the new user details')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Email (optional)'), 'bad@');
    await user.click(submit());
    expect(screen.queryByText('Please fill in the new user details')).not.toBeInTheDocument();
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('Please select a relation type')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('creates the new user without signing in as them, then relates them to the profile owner', async () => {
    const { calls } = backEnd({
      'POST /api/register?autoLogin=false': () =>
        fakeResponse(201, { user: { id: 12, username: 'kid', displayName: 'kid' } }),
      'POST /api/family': () => fakeResponse(201, { id: 9 }),
    });
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'New User' }));

    await user.type(screen.getByLabelText('Username'), 'kid');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.selectOptions(screen.getByLabelText('Relation type'), 'child');
    await user.click(submit());

    expect(await screen.findByText('Family member added successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        url: '/api/register?autoLogin=false',
        method: 'POST',
        body: { username: 'kid', password: 'secret1', displayName: 'kid' },
      },
      {
        url: '/api/family',
        method: 'POST',
        body: { fromUserId: 2, toUserId: 12, relationType: 'child', inheritRelations: true },
      },
    ]);
  });
});
