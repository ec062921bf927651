import { screen } from '@testing-library/react';
import type { Album, UserProfile } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../testing/fake-fetch';
import { renderWithProviders } from '../../testing/render';
import { mayEditItem, useMayEditItem, type AlbumItem } from '../items-in-albums';

afterEach(restoreFetch);

const me = 1;
const album = (id: number, createdBy: number, members: Album['members'] = []) =>
  ({ id, name: `Album ${id}`, createdBy, members }) as Album;
const member = (userId: number, canEdit: boolean) => ({ userId, canEdit }) as Album['members'][number];

const mine = album(10, me);
const editing = album(11, 9, [member(me, true)]);
const viewing = album(12, 9, [member(me, false)]);
const albums = [mine, editing, viewing];

const item = (uploader: number, albumId: number | null): AlbumItem => ({ albumId, user: { id: uploader } });

describe('mayEditItem (docs/rights.md "Media rights", "Items in albums")', () => {
  it('lets the uploader edit their item, in an album or not', () => {
    expect(mayEditItem(item(me, null), me, albums)).toBe(true);
    expect(mayEditItem(item(me, viewing.id), me, albums)).toBe(true);
    expect(mayEditItem(item(me, 99), me, albums)).toBe(true);
  });

  it("lets an editor of the item's album edit someone else's item", () => {
    expect(mayEditItem(item(9, mine.id), me, albums)).toBe(true);
    expect(mayEditItem(item(9, editing.id), me, albums)).toBe(true);
  });

  it("refuses someone else's item in no album, in an album one only sees, or in one not seen", () => {
    expect(mayEditItem(item(9, null), me, albums)).toBe(false);
    expect(mayEditItem(item(9, viewing.id), me, albums)).toBe(false);
    expect(mayEditItem(item(9, 99), me, albums)).toBe(false);
    expect(mayEditItem({ albumId: mine.id }, 9, albums)).toBe(false);
  });
});

describe('useMayEditItem', () => {
  const rose = { id: me, username: 'rose', displayName: 'Grandma Rose' } as UserProfile;

  function Rights({ uploader, albumId }: { uploader: number; albumId: number | null }) {
    return <p>{useMayEditItem(item(uploader, albumId)) ? 'May edit' : 'May not edit'}</p>;
  }

  it('answers for the signed-in person from the albums they see', async () => {
    stubFetch((call) => fakeResponse(200, call.url === '/api/user' ? rose : albums));
    renderWithProviders(
      <>
        <Rights uploader={9} albumId={editing.id} />
        <Rights uploader={9} albumId={viewing.id} />
      </>,
    );
    expect(await screen.findByText('May edit')).toBeInTheDocument();
    expect(screen.getByText('May not edit')).toBeInTheDocument();
  });
});
