import { screen } from '@testing-library/react';
import useSWR from 'swr';
import type { PeoplePage, PersonDetail, PersonListItem, PersonSummary } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch, type FetchCall } from '../../testing/fake-fetch';
import { renderWithProviders } from '../../testing/render';
import { personKey, useCreatePerson, usePersonSearch } from '../queries/people';

afterEach(restoreFetch);

const rose: PersonSummary = { id: 1, username: 'rose', displayName: 'Grandma Rose', profilePicture: null };
const ada = { id: 40, username: null, displayName: 'Ada Lovelace', profilePicture: null };
const listed = (person: typeof ada): PersonListItem => ({ ...person, birth: null, death: null }) as PersonListItem;

/** A family of one member; Ada is in the archive once she has been made. */
function family() {
  let made = false;
  return stubFetch((call: FetchCall) => {
    if (call.method === 'POST' && call.url === '/api/people') {
      made = true;
      return fakeResponse(201, { ...ada, givenName: 'Ada', surname: 'Lovelace' } as unknown as PersonDetail);
    }
    if (call.url === '/api/users') return fakeResponse(200, [rose]);
    if (call.url.startsWith('/api/people?')) {
      const page: PeoplePage = { items: made ? [listed(ada)] : [], nextCursor: null } as unknown as PeoplePage;
      return fakeResponse(200, page);
    }
    return fakeResponse(404, { message: 'not found' });
  });
}

function Search() {
  const { people, searching } = usePersonSearch('Ada');
  return <p>Search: {searching ? 'searching' : people.map((person) => person.displayName).join(', ') || 'nobody'}</p>;
}

function Person({ id }: { id: number }) {
  const { data } = useSWR<PersonDetail>(personKey(id), { revalidateOnMount: false });
  return <p>Person: {data?.displayName ?? 'unknown'}</p>;
}

function AddAda() {
  const create = useCreatePerson();
  return (
    <button type="button" onClick={() => void create.trigger({ givenName: 'Ada', surname: 'Lovelace' })}>
      Add Ada
    </button>
  );
}

describe('useCreatePerson', () => {
  it('shows the new person at once in every search, and keeps the answer as their entry', async () => {
    const { calls } = family();
    const { user } = renderWithProviders(
      <>
        <Search />
        <Person id={ada.id} />
        <AddAda />
      </>,
    );
    expect(await screen.findByText('Search: nobody')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Ada' }));

    expect(await screen.findByText('Search: Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('Person: Ada Lovelace')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === personKey(ada.id))).toEqual([]);
  });
});
