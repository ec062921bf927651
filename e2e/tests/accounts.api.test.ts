import http from 'node:http';
import { ApiClient, signUp, uniqueName } from '../support/api';
import { baseUrl, makeResetCode, servicePort, startExtraProcess, stopProcess } from '../support/stack';

/** A JSON POST through the gateway sent from `localAddress`, another address of this machine (127.0.0.0/8). */
function postFrom(localAddress: string, path: string, body: object): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${path}`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

describe('accounts through the gateway', () => {
  it('signs up, sets a safe session cookie, and knows the person', async () => {
    const client = new ApiClient();
    const username = uniqueName('ann');
    const response = await client.post('/api/register', { username, password: 'secret-pw', displayName: 'Ann' });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ username, displayName: 'Ann', email: null, profilePicture: null });

    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^family\.sid=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Expires=/i);
    expect(cookie).not.toMatch(/Secure/i); // plain http here; Secure behind TLS

    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: response.body.user.id, username, displayName: 'Ann' });
  });

  it('answers 401 for the current user when signed out', async () => {
    const response = await new ApiClient().get('/api/user');
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Please sign in to continue.');
  });

  it('logs out, and the old cookie no longer works', async () => {
    const { client } = await signUp('bea');
    const oldCookie = client.cookie;
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    const replay = new ApiClient();
    replay.cookie = oldCookie;
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('logs in with the same sentence for a wrong password and an unknown user, and a new session id', async () => {
    const { username, password, client: first } = await signUp('cal');
    const wrong = await new ApiClient().post('/api/login', { username, password: 'not-it', displayName: username });
    const unknown = await new ApiClient().post('/api/login', {
      username: 'nobody-here',
      password: 'x',
      displayName: 'x',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid username or password');
    expect(unknown.body.message).toBe('Invalid username or password');

    const client = new ApiClient();
    client.cookie = first.cookie; // a session id known before login must not survive it
    const ok = await client.post('/api/login', { username: username.toUpperCase(), password, displayName: username });
    expect(ok.status).toBe(200);
    expect(ok.body.user.username).toBe(username);
    expect(client.cookie).not.toBe(first.cookie);
  });

  it('validates registration and refuses duplicates with 409', async () => {
    const client = new ApiClient();
    const short = await client.post('/api/register', { username: 'ab', password: 'secret-pw' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Username must be 3 to 40 characters: letters, digits, dot, underscore or hyphen.');
    const weak = await client.post('/api/register', { username: uniqueName('dan'), password: '123' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('Password must be at least 6 characters');

    const { username } = await signUp('dup');
    const again = await new ApiClient().post('/api/register', {
      username: username.toUpperCase(),
      password: 'secret-pw',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('That username is already taken. Please choose another.');
  });

  it('with autoLogin=false adds a relative without touching the caller’s session, and needs a caller', async () => {
    const { client, user } = await signUp('eve');
    const username = uniqueName('kid');
    const added = await client.post('/api/register?autoLogin=false', {
      username,
      password: 'secret-pw',
      displayName: 'Kid',
      birthday: '2010-05-01',
    });
    expect(added.status).toBe(201);
    expect(added.body.user).toMatchObject({ username, dateOfBirth: '2010-05-01' });
    expect((await client.get('/api/user')).body.id).toBe(user.id);

    const anonymous = await new ApiClient().post('/api/register?autoLogin=false', {
      username: uniqueName('x'),
      password: 'secret-pw',
    });
    expect(anonymous.status).toBe(401);
  });

  it('resets a password only with a code from the operator command', async () => {
    const { username } = await signUp('fay');
    const client = new ApiClient();
    const without = await client.post('/api/reset-password', { username, newPassword: 'brand-new' });
    expect(without.status).toBe(400);
    expect(without.body.message).toBe('Reset code is required');
    const wrong = await client.post('/api/reset-password', {
      username,
      newPassword: 'brand-new',
      resetCode: 'AAAAA-BBBBB',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid or expired reset code');

    const code = await makeResetCode(username);
    const ok = await client.post('/api/reset-password', { username, newPassword: 'brand-new', resetCode: code });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Password has been reset successfully');
    expect((await client.post('/api/login', { username, password: 'brand-new', displayName: username })).status).toBe(
      200,
    );
    const reused = await new ApiClient().post('/api/reset-password', {
      username,
      newPassword: 'other-one',
      resetCode: code,
    });
    expect(reused.body.message).toBe('Invalid or expired reset code');
  });

  it('changes the own password with the current one', async () => {
    const { client, username } = await signUp('gil', 'first-pw');
    const wrong = await client.post('/api/user/password', { currentPassword: 'nope', newPassword: 'second-pw' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Your current password is not correct.');
    expect(
      (await client.post('/api/user/password', { currentPassword: 'first-pw', newPassword: 'second-pw' })).status,
    ).toBe(200);
    expect(
      (await new ApiClient().post('/api/login', { username, password: 'second-pw', displayName: username })).status,
    ).toBe(200);
  });

  it('limits failed sign-ins: the eleventh attempt in 15 minutes answers 429', async () => {
    const { username, password } = await signUp('hal');
    const client = new ApiClient();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await client.post('/api/login', { username, password: 'wrong-pw', displayName: username })).status).toBe(
        401,
      );
    }
    const blocked = await client.post('/api/login', { username, password, displayName: username });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many attempts\. Try again in (1[0-5]|[1-9]) minutes?\.$/);
  });

  it('limits one password sprayed over many usernames from one address: after 100 failures in an hour, 429', async () => {
    const { username, password } = await signUp('spr');
    // From another loopback address, so the rest of the suite (from 127.0.0.1) is not counted with this one.
    const sprayer = (path: string, body: object) => postFrom('127.0.0.2', path, body);
    // Five at a time, as a script would: each one counts all the same.
    for (let batch = 0; batch < 100; batch += 5) {
      const attempts = [1, 2, 3, 4, 5].map((n) => batch + n);
      const guesses = await Promise.all(
        attempts.map((attempt) =>
          sprayer('/api/login', { username: `${username}-${attempt}`, password: 'summer-2026' }),
        ),
      );
      expect(guesses.map((guess) => guess.status)).toEqual([401, 401, 401, 401, 401]);
    }
    // Every username was tried once, so only the address's count can refuse: even the right password.
    const refused = await sprayer('/api/login', { username, password });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Try again in ([1-9]|[1-5][0-9]|60) minutes?\.$/);
    const reset = await sprayer('/api/reset-password', {
      username,
      newPassword: 'brand-new',
      resetCode: 'AAAAA-BBBBB',
    });
    expect(reset.status).toBe(429);
    // From another address the person signs in as ever.
    expect((await new ApiClient().post('/api/login', { username, password })).status).toBe(200);
  });

  it('deletes the own account: the session ends and the name is free again', async () => {
    const { client, username, user } = await signUp('ivy');
    const other = await signUp('jon');
    expect((await client.delete('/api/user')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await other.client.get(`/api/users/${user.id}`)).status).toBe(404);
    expect(
      (await new ApiClient().post('/api/login', { username, password: 'secret-pw', displayName: username })).status,
    ).toBe(401);
    expect((await new ApiClient().post('/api/register', { username, password: 'secret-pw' })).status).toBe(201);
  });

  it('lists people and one person, 404 for an unknown id', async () => {
    const { client, user } = await signUp('kim');
    const people = await client.get('/api/users');
    expect(people.status).toBe(200);
    expect(people.body).toEqual(
      expect.arrayContaining([
        { id: user.id, username: user.username, displayName: user.displayName, profilePicture: null },
      ]),
    );
    expect((await client.get(`/api/users/${user.id}`)).body.username).toBe(user.username);
    const unknown = await client.get('/api/users/987654');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This person is not in the family archive.');
  });
});

describe('what the gateway refuses', () => {
  it('ignores an identity header sent by a client', async () => {
    const { client: mallory } = await signUp('mal');
    const { user: victim } = await signUp('vic');
    const forged = await new ApiClient().request('GET', '/api/user', undefined, {
      'x-identity-token': 'forged.token.value',
    });
    expect(forged.status).toBe(401);
    // Even a signed-in attacker's forged header is replaced by the gateway's own token for them.
    const mixed = await mallory.request('GET', '/api/user', undefined, {
      'x-identity-token': 'forged',
      'x-service-token': 'forged',
    });
    expect(mixed.body.id).not.toBe(victim.id);
  });

  it('does not let a service be used directly without a token', async () => {
    const direct = await fetch(`http://127.0.0.1:${servicePort('profile')}/api/users`);
    expect(direct.status).toBe(401);
    const internal = await fetch(`http://127.0.0.1:${servicePort('profile')}/internal/users/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [1] }),
    });
    expect(internal.status).toBe(403);
  });

  it('never proxies /internal and refuses climbing paths', async () => {
    const { client } = await signUp('ned');
    const internal = await client.post('/internal/users/lookup', { ids: [1] });
    expect(internal.status).toBe(404);
    expect(internal.body.message).toBe('There is nothing at this address.');
    const climbing = await client.get('/api/users/..%2f..%2finternal/profiles/1');
    expect(climbing.status).toBe(400);
    const unknown = await client.get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('There is no such API route.');
  });

  it('refuses changes sent from another site (CSRF) but accepts its own origin', async () => {
    const foreign = await new ApiClient().request(
      'POST',
      '/api/login',
      { username: 'x', password: 'y' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('This request came from another website and was refused.');
    const own = await new ApiClient().request(
      'POST',
      '/api/login',
      { username: 'x', password: 'y' },
      { origin: baseUrl },
    );
    expect(own.status).toBe(401);
  });

  it('refuses a change whose Referer names another site when it has no Origin, and lets API clients with neither in', async () => {
    const login = { username: 'x', password: 'y' };
    const foreign = await new ApiClient().request('POST', '/api/login', login, {
      referer: 'https://evil.example/trap.html',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('This request came from another website and was refused.');
    const own = await new ApiClient().request('POST', '/api/login', login, { referer: `${baseUrl}/login` });
    expect(own.status).toBe(401);
    // curl and other API clients send neither header.
    expect((await new ApiClient().post('/api/login', login)).status).toBe(401);
    // Reading is never refused.
    const read = await new ApiClient().request('GET', '/api/user', undefined, { referer: 'https://evil.example/' });
    expect(read.status).toBe(401);
  });

  it('answers 503 JSON when a service is down, never a hang or an HTML page', async () => {
    // A second gateway whose family service is a process we then stop.
    const familyPort = 13205;
    const gatewayPort = 18082;
    const family = await startExtraProcess('services/family/dist/main.js', {}, familyPort);
    const gateway = await startExtraProcess(
      'gateway/dist/main.js',
      { FAMILY_URL: `http://127.0.0.1:${familyPort}` },
      gatewayPort,
    );
    try {
      const { client } = await signUp('oli');
      const viaSecond = new ApiClient(`http://127.0.0.1:${gatewayPort}`);
      viaSecond.cookie = client.cookie;
      await stopProcess(family);
      const response = await viaSecond.get('/api/family/1');
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(response.body).toEqual({ message: 'The family service is unavailable. Try again shortly.' });
    } finally {
      await stopProcess(family);
      await stopProcess(gateway);
    }
  });

  it('keeps sessions in Redis: a restarted (second) gateway knows the signed-in person', async () => {
    const { client, user } = await signUp('pia');
    const gateway = await startExtraProcess('gateway/dist/main.js', {}, 18083);
    try {
      const other = new ApiClient('http://127.0.0.1:18083');
      other.cookie = client.cookie;
      const me = await other.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(user.id);
    } finally {
      await stopProcess(gateway);
    }
  });
});

describe('the web app', () => {
  it('serves index.html for client routes without caching and hashed assets for a year', async () => {
    const page = await fetch(`${baseUrl}/profile/12/memories`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    expect(html).toMatch(/<div id="root">/);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const script = await fetch(`${baseUrl}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    expect((await fetch(`${baseUrl}/assets/missing-file.js`)).status).toBe(404);
  });
});
