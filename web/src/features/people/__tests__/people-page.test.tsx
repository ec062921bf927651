import { screen, waitFor, within } from '@testing-library/react';
import type { PersonDetail, PersonListItem } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch, type FetchCall } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { PeoplePage } from '../components/people-page';

const maria: PersonListItem = {
  id: 41,
  username: null,
  hasAccount: false,
  displayName: 'Maria Kowalska',
  profilePicture: null,
  givenName: 'Maria',
  surname: 'Kowalska',
  sex: 'F',
  birth: { date: 'ABT 1850', place: 'Kraków' },
  death: { date: '1910', place: null },
  living: false,
};
const rose: PersonListItem = {
  ...maria,
  id: 7,
  username: 'rose',
  hasAccount: true,
  displayName: 'Rose',
  givenName: null,
  surname: null,
  birth: null,
  death: null,
  living: true,
};

afterEach(restoreFetch);

describe(PeoplePage.name, () => {
  it('lists everyone with their years, searches by name and adds a person without an account', async () => {
    const { calls } = stubFetch((call: FetchCall) => {
      if (call.method === 'GET' && call.url.startsWith('/api/people?')) {
        const q = new URL(call.url, 'http://x').searchParams.get('q');
        const items = q ? [maria].filter((p) => p.displayName.toLowerCase().includes(q.toLowerCase())) : [maria, rose];
        return fakeResponse(200, { items, nextCursor: null });
      }
      if (call.method === 'POST' && call.url === '/api/people') {
        return fakeResponse(201, { ...maria, id: 42, displayName: 'Jan Nowak', story: null } satisfies PersonDetail);
      }
      return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
    });
    const { user } = renderWithProviders(<PeoplePage />, { route: '/people' });

    const list = await screen.findByRole('list', { name: 'People' });
    expect(within(list).getByText('Maria Kowalska')).toBeInTheDocument();
    expect(within(list).getByText('about 1850 – 1910')).toBeInTheDocument();
    expect(within(list).getByText('@rose')).toBeInTheDocument();
    expect(within(list).getAllByText('No account')).toHaveLength(1);

    await user.type(screen.getByRole('searchbox', { name: 'Find a person' }), 'kowal');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'People' })).queryByText('Rose')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please enter a given name or a surname')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Given name'), 'Jan');
    await user.type(within(dialog).getByLabelText('Surname'), 'Nowak');
    await user.type(within(dialog).getByLabelText('Birth date'), 'ABT 1920');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Person added successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        url: '/api/people',
        method: 'POST',
        body: {
          givenName: 'Jan',
          surname: 'Nowak',
          sex: 'U',
          birth: { date: 'ABT 1920', place: null },
          death: null,
          story: null,
        },
      },
    ]);
  });
});
