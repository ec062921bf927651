import { ApiClient, signUp } from '../support/api';
import { uploadForm } from '../support/media';

/** A multipart body with one file, as a browser would send it. */
function pictureForm(bytes: Uint8Array, name: string, type: string): FormData {
  return uploadForm({}, { bytes, name, type });
}

// The smallest valid PNG: 1x1 pixel.
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('profiles through the gateway', () => {
  it('edits only the signed-in person’s own profile', async () => {
    const alice = await signUp('alc');
    const bob = await signUp('bob');
    const changed = await bob.client.patch('/api/user/profile', {
      dateOfBirth: '1950-03-04',
      email: 'bob@example.org',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: bob.user.id, dateOfBirth: '1950-03-04', email: 'bob@example.org' });
    const aliceSeen = await bob.client.get(`/api/users/${alice.user.id}`);
    expect(aliceSeen.body).toMatchObject({ dateOfBirth: null, email: null });

    const future = await bob.client.patch('/api/user/profile', { dateOfBirth: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('Please enter a valid date in YYYY-MM-DD format');
    const badEmail = await bob.client.patch('/api/user/profile', { email: 'not-an-email' });
    expect(badEmail.body.message).toBe('Please enter a valid email address');
    const cleared = await bob.client.patch('/api/user/profile', { email: '' });
    expect(cleared.body.email).toBeNull();

    expect((await new ApiClient().patch('/api/user/profile', { email: 'x@example.org' })).status).toBe(401);
  });

  it('answers broken JSON with a sentence', async () => {
    const { client } = await signUp('jsn');
    const response = await client.request('POST', '/api/memories', undefined, { 'content-type': 'application/json' });
    expect([200, 201, 400]).toContain(response.status);
    const broken = await fetch(`${client.base}/api/memories`, {
      method: 'POST',
      headers: { cookie: client.cookie, 'content-type': 'application/json' },
      body: '{"title":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ message: 'The request body is not valid JSON.' });
  });

  it('takes a picture through the gateway and refuses other kinds and big files', async () => {
    const { client, user } = await signUp('pic');
    const ok = await client.request('POST', '/api/users/profile-picture', pictureForm(PNG_1PX, 'me.png', 'image/png'));
    expect(ok.status).toBe(200);
    expect(ok.body.profilePicture).toMatch(new RegExp(`^/api/users/${user.id}/picture\\?v=\\d+$`));
    const picture = await fetch(`${client.base}${ok.body.profilePicture}`, { headers: { cookie: client.cookie } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');

    const text = await client.request(
      'POST',
      '/api/users/profile-picture',
      pictureForm(Buffer.from('hello, not an image'), 'fake.png', 'image/png'),
    );
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('Only image files are allowed');

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG_1PX);
    const tooBig = await client.request('POST', '/api/users/profile-picture', pictureForm(big, 'big.png', 'image/png'));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('Profile picture must be less than 5MB');
  });

  it('keeps memories: rules, newest first, everyone reads, only the owner deletes', async () => {
    const owner = await signUp('mem');
    const reader = await signUp('rdr');
    expect((await owner.client.post('/api/memories', { title: '  ', content: 'x' })).body.message).toBe(
      'Please enter a title for your memory',
    );
    expect((await owner.client.post('/api/memories', { title: 'Summer', content: ' ' })).body.message).toBe(
      'Please enter your memory',
    );
    const first = await owner.client.post('/api/memories', { title: ' Summer 1962 ', content: 'The lake.' });
    expect(first.status).toBe(201);
    expect(first.body.title).toBe('Summer 1962');
    const second = await owner.client.post('/api/memories', { title: 'Wedding', content: 'Rain all day.' });

    const list = await reader.client.get(`/api/memories?userId=${owner.user.id}`);
    expect(list.body.map((memory: { title: string }) => memory.title)).toEqual(['Wedding', 'Summer 1962']);
    expect(list.body[0].user).toMatchObject({ id: owner.user.id, username: owner.username });

    const refused = await reader.client.delete(`/api/memories/${second.body.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You can only delete your own memories');
    expect((await owner.client.delete(`/api/memories/${second.body.id}`)).status).toBe(204);
    expect((await owner.client.get('/api/memories')).body).toHaveLength(1);
  });
});
