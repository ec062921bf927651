import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PersonSummary } from '@family/contract';
import { deferred, fakeResponse, restoreFetch, stubFetch, type FetchCall } from '../../../testing/fake-fetch';
import { usePeople } from '../../../lib/queries/people';
import { answerPeopleSearch, listItem } from '../../../testing/fake-people';
import { renderWithProviders } from '../../../testing/render';
import { AddRelationDialog } from '../components/add-relation-dialog';

const people: PersonSummary[] = [
  { id: 1, username: 'rose', displayName: 'Grandma Rose', profilePicture: null },
  { id: 2, username: 'tom', displayName: 'Tom', profilePicture: null },
  { id: 3, username: 'alice', displayName: 'Alice', profilePicture: null },
  { id: 4, username: 'albert', displayName: 'Albert', profilePicture: null },
];

/** The members and a relative without an account, as GET /api/people searches them. */
const everyone = [
  ...people.map((person) => listItem(person)),
  listItem(
    { id: 5, username: null, displayName: 'Alba Nowak' },
    { birth: { date: 'ABT 1850', place: null }, death: { date: '1910', place: null } },
  ),
];

type Answer = (call: FetchCall) => Response | Promise<Response>;

function backEnd(answers: Record<string, Answer> = {}) {
  return stubFetch((call) => {
    const answer = answers[`${call.method} ${call.url}`];
    if (answer) return answer(call);
    if (call.url === '/api/users') return fakeResponse(200, people);
    const searched = answerPeopleSearch(call, everyone);
    if (searched) return searched;
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
}

/** The members' names as a page beside the dialog shows them (the family tree's list of people). */
function Members() {
  const { people: members } = usePeople();
  return <p>{members.map((person) => person.displayName).join(', ')}</p>;
}

function renderDialog(relatedIds: number[] = [2], { withMembers = false } = {}) {
  const onClose = jest.fn();
  const view = renderWithProviders(
    <>
      {withMembers && <Members />}
      <AddRelationDialog open onClose={onClose} userId={1} relatedIds={new Set(relatedIds)} />
    </>,
  );
  return { onClose, ...view };
}

const submit = (name: string) => screen.getByRole('button', { name });

afterEach(restoreFetch);

describe('AddRelationDialog', () => {
  it('opens on a new person without an account', () => {
    backEnd();
    renderDialog();
    expect(screen.getByRole('button', { name: 'No Account' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Given name')).toBeInTheDocument();
  });

  it('asks for a family member and a relation type before sending anything', async () => {
    const { calls } = backEnd();
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Existing Person' }));

    await user.click(submit('Add Relation'));

    expect(screen.getByText('Please select a family member')).toBeInTheDocument();
    expect(screen.getByText('Please select a relation type')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Family member' })).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('offers everyone but oneself and the people already related', async () => {
    backEnd();
    const { user } = renderDialog([2]);
    await user.click(screen.getByRole('button', { name: 'Existing Person' }));

    await user.click(screen.getByRole('combobox', { name: 'Family member' }));
    const listbox = await screen.findByRole('listbox');
    const names = () =>
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('aria-label'));
    // Before typing, the members.
    await within(listbox).findByRole('option', { name: /^Albert/ });
    expect(names()).toEqual(['Albert, member', 'Alice, member']);

    // Typing searches everyone: members first, then a relative without an account, with her years.
    await user.type(screen.getByRole('combobox', { name: 'Family member' }), 'alb');
    await waitFor(() => expect(names()).toEqual(['Albert, member', 'Alba Nowak, about 1850 – 1910']));
  });

  it('adds an existing person, says so, refreshes and closes', async () => {
    const answer = deferred<Response>();
    const { calls } = backEnd({ 'POST /api/family': () => answer.promise });
    const { user, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Existing Person' }));

    await user.click(screen.getByRole('combobox', { name: 'Family member' }));
    await user.click(await screen.findByRole('option', { name: /Alice/ }));
    await user.selectOptions(screen.getByLabelText('Relation type'), 'parent');
    expect(screen.getByText('What is Alice to you?')).toBeInTheDocument();
    await user.click(submit('Add Relation'));

    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      url: '/api/family',
      method: 'POST',
      body: { toUserId: 3, relationType: 'parent' },
    });
    answer.resolve(fakeResponse(201, { id: 1 }));

    expect(await screen.findByText('Family relation added successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's sentence in a destructive toast titled Error", async () => {
    backEnd({
      'POST /api/family': () =>
        fakeResponse(409, { statusCode: 409, message: 'Alice already has two parents. Nobody can have more.' }),
    });
    const { user, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Existing Person' }));

    await user.click(screen.getByRole('combobox', { name: 'Family member' }));
    await user.click(await screen.findByRole('option', { name: /Alice/ }));
    await user.selectOptions(screen.getByLabelText('Relation type'), 'child');
    await user.click(submit('Add Relation'));

    // The open dialog hides the rest of the page from the accessibility tree, the toast region with it.
    const toast = (await screen.findByText('Alice already has two parents. Nobody can have more.')).closest(
      '[role=alert]',
    );
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(within(toast as HTMLElement).getByText('Error')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('checks every field of Create New with the sentences of the spec', async () => {
    const { calls } = backEnd();
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Create New' }));

    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Email (optional)'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    fireEvent.change(screen.getByLabelText('Birthday (optional)'), { target: { value: '2999-01-01' } });
    await user.click(submit('Create and Add'));

    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Display name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('Birthday cannot be in the future')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Please select a relation type')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();

    fireEvent.change(screen.getByLabelText('Birthday (optional)'), { target: { value: '1899-12-31' } });
    await user.click(submit('Create and Add'));
    expect(screen.getByText('Birthday cannot be before 1900-01-01')).toBeInTheDocument();
    expect(screen.getByLabelText('Birthday (optional)')).toHaveAttribute('min', '1900-01-01');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('creates a new member, then adds the relation with inheritRelations', async () => {
    const { calls } = backEnd({
      'POST /api/family/create-member': () =>
        fakeResponse(201, { user: { id: 9, username: 'baby.jane', displayName: 'Baby Jane' } }),
      'POST /api/family': () => fakeResponse(201, { id: 5 }),
    });
    const { user, onClose } = renderDialog([2], { withMembers: true });
    await user.click(screen.getByRole('button', { name: 'Create New' }));

    await user.type(screen.getByLabelText('Username'), ' baby.jane ');
    await user.type(screen.getByLabelText('Display name'), 'Baby Jane');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    fireEvent.change(screen.getByLabelText('Birthday (optional)'), { target: { value: '2020-05-17' } });
    await user.selectOptions(screen.getByLabelText('Relation type'), 'child');
    await user.click(submit('Create and Add'));

    expect(await screen.findByText('New family member added successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        url: '/api/family/create-member',
        method: 'POST',
        body: { username: 'baby.jane', password: 'secret1', displayName: 'Baby Jane', birthday: '2020-05-17' },
      },
      { url: '/api/family', method: 'POST', body: { toUserId: 9, relationType: 'child', inheritRelations: true } },
    ]);
    expect(onClose).toHaveBeenCalled();
    // The lists are fetched again: the people list a second time once the dialog has added someone.
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/users').length).toBeGreaterThan(1));
  });

  it('offers a member whose account was made as an existing person when the relation then fails', async () => {
    const { calls } = backEnd({
      'POST /api/family/create-member': () =>
        fakeResponse(201, { user: { id: 9, username: 'baby.jane', displayName: 'Baby Jane', profilePicture: null } }),
      'POST /api/family': () => fakeResponse(409, { message: 'Baby Jane already has two parents.' }),
    });
    const { user, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Create New' }));
    await user.type(screen.getByLabelText('Username'), 'baby.jane');
    await user.type(screen.getByLabelText('Display name'), 'Baby Jane');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.selectOptions(screen.getByLabelText('Relation type'), 'parent');
    await user.click(submit('Create and Add'));

    const toast = (
      await screen.findByText(
        'Baby Jane already has two parents. Baby Jane was added to the archive; choose a relation and try again.',
      )
    ).closest('[role=alert]');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(within(toast as HTMLElement).getByText('Error')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Existing Person' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Family member' })).toHaveValue('Baby Jane');
    expect(screen.getByRole('button', { name: 'Add Relation' })).toBeEnabled();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/family/create-member',
      '/api/family',
    ]);
  });

  it("shows the auth service's refusal of a taken username", async () => {
    backEnd({
      'POST /api/family/create-member': () =>
        fakeResponse(409, { message: 'That username is already taken. Please choose another.' }),
    });
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Create New' }));
    await user.type(screen.getByLabelText('Username'), 'taken');
    await user.type(screen.getByLabelText('Display name'), 'Taken');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.selectOptions(screen.getByLabelText('Relation type'), 'sibling');
    await user.click(submit('Create and Add'));

    expect(await screen.findByText('That username is already taken. Please choose another.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('taken');
  });

  it('adds a relative without an account: only a name, no username or password to invent', async () => {
    const { calls } = backEnd({
      'POST /api/people': () =>
        fakeResponse(201, {
          id: 40,
          username: null,
          hasAccount: false,
          displayName: 'Maria Kowalska',
          profilePicture: null,
          givenName: 'Maria',
          surname: 'Kowalska',
          sex: 'U',
          birth: { date: 'ABT 1890', place: null },
          death: null,
          living: false,
          story: null,
        }),
      'POST /api/family': () => fakeResponse(201, {}),
    });
    const { user, onClose } = renderDialog();

    await user.click(screen.getByRole('button', { name: 'No Account' }));
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Relation type'), 'parent');
    await user.click(submit('Create and Add'));
    expect(screen.getByText('Please enter a given name or a surname')).toBeInTheDocument();
    expect(screen.getByLabelText('Given name')).toHaveFocus();

    await user.type(screen.getByLabelText('Given name'), 'Maria');
    await user.type(screen.getByLabelText('Surname'), 'Kowalska');
    await user.type(screen.getByLabelText('Birth date (optional)'), 'ABT 1890');
    await user.click(submit('Create and Add'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Family relation added successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        url: '/api/people',
        method: 'POST',
        body: { givenName: 'Maria', surname: 'Kowalska', birth: { date: 'ABT 1890', place: null } },
      },
      {
        url: '/api/family',
        method: 'POST',
        body: { toUserId: 40, relationType: 'parent', inheritRelations: true },
      },
    ]);
  });
});
