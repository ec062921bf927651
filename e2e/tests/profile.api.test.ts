import http from 'node:http';
import { ApiClient, signUp } from '../support/api';
import { uploadForm } from '../support/media';
import { baseUrl } from '../support/stack';

/** A multipart body with one file, as a browser would send it. */
function pictureForm(bytes: Uint8Array, name: string, type: string): FormData {
  return uploadForm({}, { bytes, name, type });
}

// The smallest valid PNG: 1x1 pixel.
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Sends a picture as a browser does: a PNG's first bytes then filler, `size` bytes in all, its length declared,
 * in 64 KiB chunks. Only `sendAtMost` bytes of it are sent; then it waits up to 10 s for the answer, as a slow
 * phone would still be sending. Answers the status (0 when none came) and the body.
 */
function sendPicture(
  cookie: string,
  { size, sendAtMost, headers = {} }: { size: number; sendAtMost: number; headers?: Record<string, string> },
): Promise<{ status: number; body: any }> {
  const boundary = '----picture-boundary';
  const opening = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve) => {
    const request = http.request(`${baseUrl}/api/users/profile-picture`, {
      method: 'POST',
      headers: {
        ...headers,
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': opening.length + size + closing.length,
      },
    });
    const finish = (status: number, body: unknown) => {
      clearTimeout(waiting);
      resolve({ status, body });
      request.destroy();
    };
    const waiting = setTimeout(() => finish(0, 'no answer while the picture was still being sent'), 10_000);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        finish(response.statusCode ?? 0, body);
      });
    });
    request.on('error', (error) => finish(0, error.message));
    const filler = Buffer.alloc(64 * 1024, 0x20);
    request.write(Buffer.concat([opening, PNG_1PX]));
    for (let sent = PNG_1PX.length; sent < sendAtMost; sent += filler.length) request.write(filler);
  });
}

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

  it('refuses a 51 MB picture with 413 from its declared length, before the browser has sent it', async () => {
    const { client } = await signUp('hug');
    const headerSets: Array<Record<string, string>> = [
      {},
      { connection: 'close' },
      { connection: 'close' },
      { expect: '100-continue' },
    ];
    const answers = [];
    for (const headers of headerSets) {
      // Only the first megabyte goes out: the answer must not wait for the rest.
      const answer = await sendPicture(client.cookie, { size: 51 * 1024 * 1024, sendAtMost: 1024 * 1024, headers });
      answers.push({ headers, status: answer.status, message: answer.body?.message ?? answer.body });
    }
    expect(answers).toEqual(
      headerSets.map((headers) => ({ headers, status: 413, message: 'Profile picture must be less than 5MB' })),
    );
    // The person still has no picture, and the archive answers them as before.
    expect((await client.get('/api/user')).body.profilePicture).toBeNull();
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
