import { screen, waitFor, within } from '@testing-library/react';
import type { PersonChange, PersonDetail, PersonInvite, TieChange } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch, type FetchCall } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { PersonProfilePage } from '../components/person-profile-page';

const stefan: PersonDetail = {
  id: 50,
  username: null,
  hasAccount: false,
  displayName: 'Stefan Lisowski',
  profilePicture: null,
  givenName: 'Stefan',
  surname: 'Lisowski',
  sex: 'M',
  birth: { date: 'ABT 1951', place: 'Gdańsk' },
  death: null,
  living: true,
  story: 'He built boats.',
};
const bob = { id: 2, username: 'bob', displayName: 'Bob', profilePicture: null };

afterEach(restoreFetch);

describe(PersonProfilePage.name, () => {
  it('shows the profile, undoes a change from the history and makes an invite with its code and QR code', async () => {
    let person = stefan;
    let history: PersonChange[] = [
      {
        id: 2,
        personId: 50,
        action: 'update',
        before: { surname: 'Lis', displayName: 'Stefan Lis' },
        after: { surname: 'Lisowski', displayName: 'Stefan Lisowski' },
        changedBy: bob,
        changedAt: '2026-11-20T10:00:00.000Z',
        undoneBy: null,
      },
      {
        id: 1,
        personId: 50,
        action: 'create',
        before: {},
        after: { givenName: 'Stefan' },
        changedBy: bob,
        changedAt: '2026-11-19T10:00:00.000Z',
        undoneBy: null,
      },
    ];
    const { calls } = stubFetch((call: FetchCall) => {
      if (call.method === 'GET' && call.url === '/api/people/50') return fakeResponse(200, person);
      if (call.method === 'GET' && call.url === '/api/people/50/history') return fakeResponse(200, history);
      if (call.method === 'POST' && call.url === '/api/people/50/history/2/undo') {
        person = { ...stefan, surname: 'Lis', displayName: 'Stefan Lis' };
        history = [
          { ...history[0]!, id: 3, action: 'undo', undoneBy: null },
          { ...history[0]!, undoneBy: 3 },
          history[1]!,
        ];
        return fakeResponse(200, person);
      }
      if (call.method === 'POST' && call.url === '/api/people/50/invite') {
        return fakeResponse(201, {
          code: 'ABCDE-FGHJK-MN',
          url: '/?invite=ABCDE-FGHJK-MN',
          expiresAt: '2026-12-02T10:00:00.000Z',
        } satisfies PersonInvite);
      }
      if (call.url === '/api/family/history/50') {
        return fakeResponse(200, [
          {
            id: 9,
            relationId: 4,
            action: 'add',
            before: null,
            after: {
              relationType: 'parent',
              fromUserId: 50,
              toUserId: 51,
              kind: 'birth',
              current: true,
              start: null,
              end: null,
            },
            people: [
              { id: 50, username: null, displayName: 'Stefan Lisowski', profilePicture: null },
              { id: 51, username: null, displayName: 'Jan Lis', profilePicture: null },
            ],
            changedBy: bob,
            changedAt: '2026-11-19T12:00:00.000Z',
            undoable: false,
          } satisfies TieChange,
        ]);
      }
      if (call.url.startsWith('/api/users')) return fakeResponse(200, []);
      return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
    });
    const { user } = renderWithProviders(<PersonProfilePage personId={50} />, { route: '/profile/50' });

    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByRole('heading', { level: 1, name: 'Stefan Lisowski' })).toBeInTheDocument();
    expect(within(profile).getByText('born about 1951')).toBeInTheDocument();
    expect(within(profile).getByText('Born: about 1951, Gdańsk')).toBeInTheDocument();
    expect(screen.getByText('He built boats.')).toBeInTheDocument();

    const changes = await screen.findByRole('list', { name: 'Changes' });
    expect(within(changes).getByText('Changed name, surname')).toBeInTheDocument();
    expect(within(changes).getAllByRole('button', { name: 'Undo' })).toHaveLength(1);
    // The ties' history comes in between, by time.
    const lines = () =>
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split('Bob')[0]);
    await waitFor(() =>
      expect(lines()).toEqual([
        'Changed name, surname',
        'Added a parent tie: Stefan Lisowski and Jan Lis (birth)',
        'Added to the archive',
      ]),
    );
    await user.click(within(changes).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Change undone')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Stefan Lis' })).toBeInTheDocument();
    expect(await screen.findByText('Changed name, surname (undone)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Invite Stefan Lis' }));
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('ABCDE-FGHJK-MN');
    expect(screen.getByText('http://localhost/?invite=ABCDE-FGHJK-MN')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Invite QR code for Stefan Lis' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/people/50/history/2/undo',
      '/api/people/50/invite',
    ]);
  });
});
