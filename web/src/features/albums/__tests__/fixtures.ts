import type { Album, PersonName } from '@family/contract';
import { fakeResponse, stubFetch, type FetchCall } from '../../../testing/fake-fetch';
import { answerPeopleSearch, listItem } from '../../../testing/fake-people';

export const rose: PersonName = { id: 1, username: 'rose', displayName: 'Grandma Rose' };
export const tom: PersonName = { id: 2, username: 'tom', displayName: 'Uncle Tom' };
export const carol: PersonName = { id: 3, username: 'carol', displayName: 'Cousin Carol' };
export const dave: PersonName = { id: 4, username: 'dave', displayName: 'Little Dave' };
export const people = [rose, tom, carol, dave];
/** Everyone GET /api/people searches: the members and a relative without an account. */
const everyone = [
  ...people.map((person) => listItem(person)),
  listItem({ id: 9, username: null, displayName: 'Babcia Carola' }),
];

type AlbumOverrides = Partial<Album> & Pick<Album, 'id' | 'name'>;

/** An album as GET /api/albums answers it. */
export function album({ mediaItems = [], ...overrides }: AlbumOverrides): Album {
  const members = overrides.members ?? [];
  return {
    description: null,
    isShared: false,
    createdBy: rose.id,
    creator: rose,
    itemCount: 0,
    createdAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
    mediaItems,
    members,
    memberCount: members.length + 1,
  };
}

type Answer = (call: FetchCall) => Response | Promise<Response>;

/** A fake back end: GET /api/albums and /api/users answer the given lists, GET /api/people searches; other calls as told, else 404. */
export function backEnd(albums: Album[], answers: Record<string, Answer> = {}) {
  return stubFetch((call) => {
    const answer = answers[`${call.method} ${call.url}`];
    if (answer) return answer(call);
    if (call.method === 'GET' && call.url === '/api/albums') return fakeResponse(200, albums);
    if (call.method === 'GET' && call.url === '/api/users') return fakeResponse(200, people);
    const searched = answerPeopleSearch(call, everyone);
    if (searched) return searched;
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
}

export const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
