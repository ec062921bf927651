import { screen, waitFor } from '@testing-library/react';
import useSWR from 'swr';
import type { Album, MediaItem, UserProfile } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../testing/fake-fetch';
import { renderWithProviders } from '../../testing/render';
import { isAlbumEditor } from '../items-in-albums';
import { ALBUMS_KEY, useAlbums } from '../queries/albums';
import { useCurrentUser, useForgetSession, useStoreCurrentUser } from '../queries/current-user';
import { isMediaKey, MEDIA_LISTS_SIGNAL_KEY, nextMediaListsSignal, useRefreshMedia } from '../queries/media';
import { PEOPLE_KEY, usePeople, useUserProfile } from '../queries/people';

const rose: UserProfile = {
  id: 1,
  username: 'rose',
  displayName: 'Grandma Rose',
  profilePicture: null,
  email: null,
  dateOfBirth: null,
  story: null,
};
const tom = { id: 2, username: 'tom', displayName: 'Tom', profilePicture: null };

afterEach(restoreFetch);

const gets = (calls: { url: string; method: string }[], url: string) =>
  calls.filter((call) => call.method === 'GET' && call.url === url).length;

function PeoplePicker({ name, enabled = true }: { name: string; enabled?: boolean }) {
  const { people, isLoading } = usePeople(enabled);
  if (isLoading) return <p>{name}: loading</p>;
  return (
    <p>
      {name}: {people.map((person) => person.displayName).join(', ') || 'nobody'}
    </p>
  );
}

describe('usePeople', () => {
  it('asks once for everyone, however many pickers show them, and not at all while disabled', async () => {
    const { calls } = stubFetch(() => fakeResponse(200, [rose, tom]));
    renderWithProviders(
      <>
        <PeoplePicker name="Tag picker" />
        <PeoplePicker name="Member picker" />
        <PeoplePicker name="Closed dialog" enabled={false} />
      </>,
    );

    expect(await screen.findByText('Tag picker: Grandma Rose, Tom')).toBeInTheDocument();
    expect(screen.getByText('Member picker: Grandma Rose, Tom')).toBeInTheDocument();
    expect(screen.getByText('Closed dialog: nobody')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([PEOPLE_KEY]);
  });
});

describe('useUserProfile', () => {
  function Profile({ id }: { id: number | null }) {
    const { user, error } = useUserProfile(id);
    if (error) return <p>Failed: {error.message}</p>;
    return <p>{user ? user.displayName : 'No one'}</p>;
  }

  it("reads one person's profile under /api/users/{id}, and nothing for no id", async () => {
    const { calls } = stubFetch((call) => (call.url === '/api/users/1' ? fakeResponse(200, rose) : fakeResponse(404)));
    renderWithProviders(
      <>
        <Profile id={1} />
        <Profile id={null} />
      </>,
    );

    expect(await screen.findByText('Grandma Rose')).toBeInTheDocument();
    expect(screen.getByText('No one')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/users/1']);
  });
});

describe('the current user', () => {
  function Session() {
    const { user, isLoading, error } = useCurrentUser();
    const store = useStoreCurrentUser();
    const forget = useForgetSession();
    if (isLoading) return <p>Loading</p>;
    if (error) return <p>Failed</p>;
    return (
      <>
        <p>{user ? `Signed in as ${user.displayName}` : 'Signed out'}</p>
        <button onClick={() => void store({ ...rose, displayName: 'Rose' })}>Rename</button>
        <button onClick={() => void forget()}>Forget</button>
      </>
    );
  }

  it('reads a 401 as nobody signed in, not as an error', async () => {
    stubFetch(() => fakeResponse(401, { message: 'Not signed in' }));
    renderWithProviders(<Session />);

    expect(await screen.findByText('Signed out')).toBeInTheDocument();
  });

  it('shows a stored user at once, without asking the server again', async () => {
    const { calls } = stubFetch(() => fakeResponse(200, rose));
    const { user } = renderWithProviders(<Session />);
    expect(await screen.findByText('Signed in as Grandma Rose')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename' }));

    expect(await screen.findByText('Signed in as Rose')).toBeInTheDocument();
    expect(gets(calls, '/api/user')).toBe(1);
  });

  it('forgets every cached answer and the signed-in person, without asking again', async () => {
    const { calls } = stubFetch((call) => fakeResponse(200, call.url === '/api/user' ? rose : [rose, tom]));
    const { user } = renderWithProviders(
      <>
        <Session />
        <PeoplePicker name="Family" />
      </>,
    );
    expect(await screen.findByText('Family: Grandma Rose, Tom')).toBeInTheDocument();
    expect(screen.getByText('Signed in as Grandma Rose')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Forget' }));

    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('Family: nobody')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});

describe('albums', () => {
  const album = (createdBy: number, members: Album['members'] = []) =>
    ({ id: 7, name: 'Summer 1998', createdBy, members }) as Album;
  const member = (userId: number, canEdit: boolean) => ({ userId, canEdit }) as Album['members'][number];

  it('lets the creator and Can Edit members add, nobody else', () => {
    expect(isAlbumEditor(album(1), 1)).toBe(true);
    expect(isAlbumEditor(album(9, [member(1, true)]), 1)).toBe(true);
    expect(isAlbumEditor(album(9, [member(1, false)]), 1)).toBe(false);
    expect(isAlbumEditor(album(9, [member(2, true)]), 1)).toBe(false);
  });

  function AlbumNames({ enabled }: { enabled: boolean }) {
    const { albums, isLoading } = useAlbums(enabled);
    return <p>{isLoading ? 'Loading albums' : albums.map((a) => a.name).join(', ') || 'No albums'}</p>;
  }

  it('lists the albums from /api/albums, and asks nothing while disabled', async () => {
    const { calls } = stubFetch(() => fakeResponse(200, [album(1)]));
    const { rerender } = renderWithProviders(<AlbumNames enabled={false} />);
    expect(screen.getByText('No albums')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    rerender(<AlbumNames enabled />);

    expect(await screen.findByText('Summer 1998')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([ALBUMS_KEY]);
  });
});

describe('useRefreshMedia', () => {
  it('tells media keys from the others', () => {
    expect(isMediaKey('/api/media?albumId=7')).toBe(true);
    expect(isMediaKey('/api/media/5/tags')).toBe(true);
    expect(isMediaKey(MEDIA_LISTS_SIGNAL_KEY)).toBe(true);
    expect(isMediaKey('/api/albums')).toBe(false);
    expect(isMediaKey(['/api/media'])).toBe(false);
  });

  function Screen() {
    const { data: item } = useSWR<Pick<MediaItem, 'title'>>('/api/media/5');
    const { data: albums } = useSWR<unknown[]>(ALBUMS_KEY);
    const { data: signal } = useSWR(MEDIA_LISTS_SIGNAL_KEY, nextMediaListsSignal);
    const refresh = useRefreshMedia();
    return (
      <>
        <p>Item: {item?.title ?? '…'}</p>
        <p>Albums: {albums?.length ?? '…'}</p>
        <p data-testid="signal">{signal}</p>
        <button onClick={() => void refresh()}>Refresh</button>
      </>
    );
  }

  it('fetches every media key again and moves the grids’ signal; other keys stay', async () => {
    let title = 'Beach';
    const { calls } = stubFetch((call) => fakeResponse(200, call.url === ALBUMS_KEY ? [] : { title }));
    const { user } = renderWithProviders(<Screen />);
    expect(await screen.findByText('Item: Beach')).toBeInTheDocument();
    expect(await screen.findByText('Albums: 0')).toBeInTheDocument();
    const signalBefore = Number(screen.getByTestId('signal').textContent);

    title = 'Beach, 1998';
    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByText('Item: Beach, 1998')).toBeInTheDocument();
    await waitFor(() => expect(Number(screen.getByTestId('signal').textContent)).toBeGreaterThan(signalBefore));
    expect(gets(calls, '/api/media/5')).toBe(2);
    expect(gets(calls, ALBUMS_KEY)).toBe(1);
  });
});
