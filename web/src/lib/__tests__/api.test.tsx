import { ApiError, errorMessage, getJson, sendJson } from '../api';
import { fakeResponse, restoreFetch, stubFetch } from '../../testing/fake-fetch';

afterEach(restoreFetch);

describe('getJson', () => {
  it('sends the session cookie and reads JSON', async () => {
    const { mock } = stubFetch(() => fakeResponse(200, [{ id: 1 }]));

    await expect(getJson('/api/users')).resolves.toEqual([{ id: 1 }]);
    expect(mock).toHaveBeenCalledWith('/api/users', expect.objectContaining({ credentials: 'include', method: 'GET' }));
  });

  it("fails with 'status: statusText' from 500 up and 'status: body' below", async () => {
    stubFetch(() => fakeResponse(503, { message: 'Albums are unavailable' }, 'Service Unavailable'));
    await expect(getJson('/api/albums')).rejects.toThrow('503: Service Unavailable');

    stubFetch(() => fakeResponse(404, { message: 'Not found' }, 'Not Found'));
    await expect(getJson('/api/users/9')).rejects.toThrow('404: {"message":"Not found"}');
  });
});

describe('sendJson', () => {
  it('sends a JSON body and fails with the body text', async () => {
    const { calls } = stubFetch(() => fakeResponse(409, { message: 'This item is already in an album' }));

    const failure = sendJson('POST', '/api/albums/1/media/2', { a: 1 });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 409,
      message: '{"message":"This item is already in an album"}',
    });
    expect(calls[0]).toEqual({ url: '/api/albums/1/media/2', method: 'POST', body: { a: 1 } });
  });

  it('accepts an empty 204 answer', async () => {
    stubFetch(() => fakeResponse(204));
    await expect(sendJson('POST', '/api/logout')).resolves.toBeUndefined();
  });
});

describe('errorMessage', () => {
  it("takes the sentence out of the server's JSON", () => {
    const error = new ApiError('x', 429, '{"message":"Too many attempts. Try again in 5 minutes."}');
    expect(errorMessage(error)).toBe('Too many attempts. Try again in 5 minutes.');
  });

  it('joins a list of messages and never shows raw JSON or HTML', () => {
    expect(errorMessage(new ApiError('x', 400, '{"message":["Name is required.","Too long."]}'))).toBe(
      'Name is required. Too long.',
    );
    expect(errorMessage(new ApiError('x', 500, '{"statusCode":500}'), 'Failed to fetch albums')).toBe(
      'Failed to fetch albums',
    );
    expect(errorMessage(new ApiError('x', 502, '<html>Bad gateway</html>'))).toMatch(/not available right now/);
  });

  it('explains a network failure', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
      'Could not reach the archive. Check your connection and try again.',
    );
  });
});
