import { fakeResponse, stubFetch, type FetchCall } from '../../../testing/fake-fetch';
import type { Album, AlbumPerson } from '../types';

export const rose: AlbumPerson = { id: 1, username: 'rose', displayName: 'Grandma Rose' };
export const tom: AlbumPerson = { id: 2, username: 'tom', displayName: 'Uncle Tom' };
export const carol: AlbumPerson = { id: 3, username: 'carol', displayName: 'Cousin Carol' };
export const dave: AlbumPerson = { id: 4, username: 'dave', displayName: 'Little Dave' };
export const people = [rose, tom, carol, dave];

/** An album as GET /api/albums answers it. */
export function album(overrides: Partial<Album> & Pick<Album, 'id' | 'name'>): Album {
  const members = overrides.members ?? [];
  return {
    description: null,
    isShared: false,
    createdBy: rose.id,
    creator: rose,
    mediaItems: [],
    itemCount: 0,
    createdAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
    members,
    memberCount: members.length + 1,
  };
}

type Answer = (call: FetchCall) => Response | Promise<Response>;

/** A fake back end: GET /api/albums and /api/users answer the given lists; other calls as told, else 404. */
export function backEnd(albums: Album[], answers: Record<string, Answer> = {}) {
  return stubFetch((call) => {
    const answer = answers[`${call.method} ${call.url}`];
    if (answer) return answer(call);
    if (call.method === 'GET' && call.url === '/api/albums') return fakeResponse(200, albums);
    if (call.method === 'GET' && call.url === '/api/users') return fakeResponse(200, people);
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
}

export const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
