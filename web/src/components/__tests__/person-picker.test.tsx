import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { fakeResponse, restoreFetch, stubFetch } from '../../testing/fake-fetch';
import { answerPeopleSearch, listItem } from '../../testing/fake-people';
import { renderWithProviders } from '../../testing/render';
import type { PickablePerson } from '../../lib/queries/people';
import { PersonPicker, initialsOf } from '../person-picker';

const family = [
  listItem({ id: 1, username: 'rose', displayName: 'Grandma Rose', profilePicture: '/api/users/1/picture?v=2' }),
  listItem({ id: 2, username: 'tom', displayName: 'Tom' }),
  listItem(
    { id: 40, username: null, displayName: 'Tomasz Nowak' },
    { birth: { date: '1901', place: null }, death: { date: '1975', place: null } },
  ),
  listItem({ id: 41, username: null, displayName: 'Antoni Tomczak' }),
  listItem({ id: 42, username: null, displayName: 'Bartosz Atom' }),
];

function serve() {
  return stubFetch((call) => answerPeopleSearch(call, family) ?? Promise.reject(new Error(call.url)));
}

const searches = (calls: { url: string }[]) => calls.filter((call) => call.url.startsWith('/api/people?'));
const optionNames = () => screen.getAllByRole('option').map((option) => option.getAttribute('aria-label'));

function One({ membersOnly = false, exclude }: { membersOnly?: boolean; exclude?: number[] }) {
  const [person, setPerson] = useState<PickablePerson | null>(null);
  return (
    <>
      <PersonPicker label="Person" value={person} onChange={setPerson} membersOnly={membersOnly} exclude={exclude} />
      <p>Chosen: {person ? `${person.displayName} (${person.id})` : 'nobody'}</p>
    </>
  );
}

function Several() {
  const [people, setPeople] = useState<PickablePerson[]>([]);
  return (
    <>
      <PersonPicker multiple label="People" value={people} onChange={setPeople} />
      <p>Chosen: {people.map((person) => person.id).join(', ') || 'nobody'}</p>
    </>
  );
}

afterEach(restoreFetch);

describe(PersonPicker.name, () => {
  it('asks nothing until opened, then offers the members before any typing', async () => {
    const { calls } = serve();
    const { user } = renderWithProviders(<One />);
    expect(searches(calls)).toEqual([]);
    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    await screen.findByRole('option', { name: /^Grandma Rose/ });
    expect(optionNames()).toEqual(['Grandma Rose, member, @rose', 'Tom, member']);
    expect(searches(calls).map((call) => call.url)).toEqual(['/api/people?members=true&limit=20']);
  });

  it("puts the signed-in person's close relatives after the members, before anyone else, typed or not", async () => {
    const rose = { id: 1, username: 'rose', displayName: 'Grandma Rose', profilePicture: null };
    const antoni = { id: 41, username: null, displayName: 'Antoni Tomczak', profilePicture: null };
    stubFetch((call) => {
      if (call.url === '/api/user') return fakeResponse(200, { ...rose, email: null, dateOfBirth: null });
      // Rose's own tree: Antoni is her son.
      if (call.url === '/api/family/1')
        return fakeResponse(200, [
          { id: 7, fromUserId: 1, toUserId: 41, relationType: 'child', fromUser: rose, toUser: antoni },
        ]);
      return answerPeopleSearch(call, family) ?? Promise.reject(new Error(call.url));
    });
    const { user } = renderWithProviders(<One />);
    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    await waitFor(() =>
      expect(optionNames()).toEqual(['Grandma Rose, member, @rose', 'Tom, member', 'Antoni Tomczak']),
    );
    await user.type(screen.getByRole('combobox', { name: 'Person' }), 'tom');
    await waitFor(() =>
      expect(optionNames()).toEqual(['Tom, member', 'Antoni Tomczak', 'Tomasz Nowak, 1901–1975', 'Bartosz Atom']),
    );
  });

  it('searches once typing pauses, ranked by the server: members, then names that begin with it, then the rest', async () => {
    const { calls } = serve();
    const { user } = renderWithProviders(<One />);
    await user.type(screen.getByRole('combobox', { name: 'Person' }), 'tom');
    await waitFor(() => expect(optionNames()).toHaveLength(4));
    expect(optionNames()).toEqual(['Tom, member', 'Tomasz Nowak, 1901–1975', 'Antoni Tomczak', 'Bartosz Atom']);
    // Opening asked for the members; three letters typed quickly make one search, not three.
    expect(searches(calls).map((call) => call.url)).toEqual([
      '/api/people?members=true&limit=20',
      '/api/people?q=tom&limit=20',
    ]);
  });

  it('shows the picture, or initials from letters only, beside each name', async () => {
    serve();
    const { user } = renderWithProviders(<One />);
    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    const rose = await screen.findByRole('option', { name: /^Grandma Rose/ });
    expect(rose.querySelector('img')).toHaveAttribute('src', '/api/users/1/picture?v=2');
    const tom = screen.getByRole('option', { name: /^Tom/ });
    expect(within(tom).getByText('T')).toBeInTheDocument();
    expect(initialsOf('(Jan) Kowalski-Nowak')).toBe('JK');
    expect(initialsOf('  "?"  ')).toBe('?');
    expect(initialsOf('zoë ångström')).toBe('ZÅ');
  });

  it('picks with the keyboard alone: type, arrow down, Enter', async () => {
    serve();
    const { user } = renderWithProviders(<One />);
    await user.type(screen.getByRole('combobox', { name: 'Person' }), 'nowak');
    await screen.findByRole('option', { name: /^Tomasz Nowak/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText('Chosen: Tomasz Nowak (40)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Person' })).toHaveValue('Tomasz Nowak');
  });

  it('says "No one found" in the list and to a screen reader', async () => {
    serve();
    const { user } = renderWithProviders(<One />);
    await user.type(screen.getByRole('combobox', { name: 'Person' }), 'zzz');
    expect(await screen.findByText('No one found', { selector: '.MuiAutocomplete-noOptions' })).toBeVisible();
    const status = () => screen.getByText(/found$/, { selector: '[role=status]' });
    expect(status()).toHaveTextContent('No one found');
    await user.clear(screen.getByRole('combobox', { name: 'Person' }));
    await user.type(screen.getByRole('combobox', { name: 'Person' }), 'nowak');
    await waitFor(() => expect(status()).toHaveTextContent('1 person found'));
  });

  it('keeps to members and leaves out the people it is told to', async () => {
    const { calls } = serve();
    const { user } = renderWithProviders(<One membersOnly exclude={[2]} />);
    await user.type(screen.getByRole('combobox', { name: 'Person' }), 'o');
    await waitFor(() =>
      expect(searches(calls).map((call) => call.url)).toContain('/api/people?q=o&members=true&limit=20'),
    );
    await waitFor(() => expect(optionNames()).toEqual(['Grandma Rose, member, @rose']));
  });

  it('chooses several as chips, each removable, and never offers one already chosen', async () => {
    serve();
    const { user } = renderWithProviders(<Several />);
    const field = screen.getByRole('combobox', { name: 'People' });
    await user.type(field, 'tom');
    await user.click(await screen.findByRole('option', { name: /^Tomasz Nowak/ }));
    await user.type(field, 'tom');
    await waitFor(() => expect(optionNames()).toEqual(['Tom, member', 'Antoni Tomczak', 'Bartosz Atom']));
    await user.click(screen.getByRole('option', { name: /^Antoni Tomczak/ }));
    expect(screen.getByText('Chosen: 40, 41')).toBeInTheDocument();

    const chip = screen.getByRole('button', { name: 'Tomasz Nowak' });
    expect(within(chip).getByText('TN')).toBeInTheDocument();
    await user.click(within(chip).getByTestId('CancelIcon'));
    expect(screen.getByText('Chosen: 41')).toBeInTheDocument();
    // Backspace in the empty field removes the last one.
    await user.click(field);
    await user.keyboard('{Backspace}');
    expect(screen.getByText('Chosen: nobody')).toBeInTheDocument();
  });
});
