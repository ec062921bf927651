import { baseUrl, call, faults, pids, signUp } from './support/stack';

// Malformed requests over every route of the archive: wrong types, huge and deep bodies, invalid Unicode and
// UTF-8, bad ids and queries, other content types, broken multipart. Not one may get an answer of 500 or more
// (or none at all), and no process may die.
const LONE_SURROGATE = '__LONE_SURROGATE__';
const BAD_IDS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '2147483648',
  '99999999999999999999',
  'null',
  '%20',
  '%00',
  '%ED%A0%80',
  '%F0%28%8C%BC',
  '%FF',
  '%27%22',
  'a'.repeat(300),
];
const WRONG_VALUES: unknown[] = [
  123,
  -1,
  1.5,
  1e308,
  true,
  false,
  null,
  [],
  {},
  ['x'],
  { nested: { deeper: [1, { deepest: 'x' }] } },
  '',
  '   ',
  'x\u0000y',
  `a${LONE_SURROGATE}b`,
  'x'.repeat(120_000),
  '2023-02-30',
  '9999-99-99',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  "'; DROP TABLE media; --",
  '\u202e\u200b',
  'NaN',
  'Infinity',
  '9'.repeat(400),
];
const RAW_BODIES: Array<string | Buffer> = [
  '{',
  '[',
  '{"a":}',
  '{"a":1,}',
  'null',
  '"just text"',
  '12345',
  '[1,2,3]',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"b":'.repeat(3000)}1${'}'.repeat(3000)}}`,
  JSON.stringify({ big: 'y'.repeat(2 * 1024 * 1024) }),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
  Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]),
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  '{"a":"\\ud800","\\udfff":1}',
];
const CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'image/png',
];
const BAD_QUERIES = [
  'limit=abc',
  'limit=-1',
  'limit=1e9',
  'type=nope',
  'type[]=photo',
  'type=photo&type=video',
  'cursor=garbage',
  'cursor=%ED%A0%80',
  'userId=abc',
  'userId=-5',
  '__proto__[polluted]=1',
  'a[b][c][d][e][f][g][h][i][j][k][l][m][n][o][p][q][r]=1',
  `q=${'z'.repeat(6000)}`,
  '%ff=%fe',
];

interface Probe {
  label: string;
  method: string;
  path: string;
  body?: string | Buffer;
  contentType?: string;
  signedIn: boolean;
}

interface BodyRoute {
  method: string;
  path: string;
  body: Record<string, unknown>;
  signedIn: boolean;
}

function jsonWithLoneSurrogates(value: unknown): string {
  return JSON.stringify(value).replaceAll(LONE_SURROGATE, '\\ud800');
}

function multipart(boundary: string, parts: Array<{ name: string; filename?: string; value: string | Buffer }>) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

describe('malformed requests over every route', () => {
  const probes: Probe[] = [];
  let cookie = '';

  beforeAll(async () => {
    const person = await signUp('badinput');
    cookie = person.cookie;
    const other = await signUp('badother');
    const album = await call('POST', '/api/albums', { cookie, body: { name: 'Probe album' } });
    const memory = await call('POST', '/api/memories', { cookie, body: { title: 'Probe', content: 'Memory' } });
    const form = new FormData();
    form.set('type', 'post');
    form.set('title', 'Probe post');
    form.set('content', 'Words');
    const post = await fetch(`${baseUrl}/api/media`, { method: 'POST', headers: { cookie }, body: form });
    const media = (await post.json()) as { id: number };
    const ids = { album: album.body.id, memory: memory.body.id, media: media.id, me: person.id, other: other.id };

    const bodyRoutes: BodyRoute[] = [
      { method: 'POST', path: '/api/login', body: { username: 'nobody-here', password: 'secret-pw' }, signedIn: false },
      {
        method: 'POST',
        path: '/api/register',
        body: {
          username: 'probe-user',
          password: 'secret-pw',
          displayName: 'Probe',
          email: 'p@example.org',
          birthday: '1950-01-01',
        },
        signedIn: false,
      },
      {
        method: 'POST',
        path: '/api/reset-password',
        body: { username: 'nobody-here', resetCode: 'ABCDE-FGHJK', newPassword: 'secret-pw' },
        signedIn: false,
      },
      {
        method: 'POST',
        path: '/api/user/password',
        body: { currentPassword: 'not-it', newPassword: 'new-secret' },
        signedIn: true,
      },
      // Two-step sign-in (docs/rights.md "Two-step sign-in"): without a pending sign-in or a started setup, and with
      // wrong codes, each is refused with 4xx whatever the body.
      { method: 'POST', path: '/api/login/code', body: { code: '123456' }, signedIn: false },
      { method: 'POST', path: '/api/login/passkey', body: { response: { id: 'probe' } }, signedIn: false },
      { method: 'POST', path: '/api/user/two-step/totp/confirm', body: { code: '123456' }, signedIn: true },
      { method: 'POST', path: '/api/user/two-step/disable', body: { code: '123456' }, signedIn: true },
      {
        method: 'POST',
        path: '/api/user/two-step/passkeys',
        body: { response: { id: 'probe' }, name: 'Probe key' },
        signedIn: true,
      },
      {
        method: 'PATCH',
        path: '/api/user/profile',
        body: { displayName: 'Probe', email: 'p@example.org', dateOfBirth: '1950-01-01' },
        signedIn: true,
      },
      { method: 'POST', path: '/api/users/story', body: { story: 'A story' }, signedIn: true },
      { method: 'POST', path: '/api/memories', body: { title: 'T', content: 'C' }, signedIn: true },
      {
        method: 'PATCH',
        path: `/api/media/${ids.media}`,
        body: { title: 'T', description: 'D', mediaDate: '2001-02-03', content: 'C' },
        signedIn: true,
      },
      { method: 'POST', path: `/api/media/${ids.media}/tags`, body: { userId: ids.other }, signedIn: true },
      { method: 'POST', path: '/api/albums', body: { name: 'A', description: 'D', isShared: false }, signedIn: true },
      { method: 'POST', path: '/api/exports', body: { scope: 'mine' }, signedIn: true },
      {
        method: 'PATCH',
        path: `/api/albums/${ids.album}`,
        body: { name: 'A', description: 'D', isShared: true },
        signedIn: true,
      },
      {
        method: 'POST',
        path: `/api/albums/${ids.album}/members`,
        body: { userId: ids.other, canEdit: true },
        signedIn: true,
      },
      {
        method: 'POST',
        path: '/api/family',
        body: { toUserId: ids.other, relationType: 'parent', fromUserId: ids.me, inheritRelations: false },
        signedIn: true,
      },
      {
        method: 'POST',
        path: '/api/family/create-member',
        body: {
          username: 'probe-kin',
          displayName: 'Kin',
          email: 'k@example.org',
          password: 'secret-pw',
          birthday: '1950-01-01',
        },
        signedIn: true,
      },
    ];
    for (const route of bodyRoutes) {
      for (const field of Object.keys(route.body)) {
        for (const [index, value] of WRONG_VALUES.entries()) {
          probes.push({
            label: `${route.method} ${route.path} ${field}=#${index}`,
            method: route.method,
            path: route.path,
            body: jsonWithLoneSurrogates({ ...route.body, [field]: value }),
            contentType: 'application/json',
            signedIn: route.signedIn,
          });
        }
      }
      for (const [index, raw] of RAW_BODIES.entries()) {
        probes.push({
          label: `${route.method} ${route.path} raw#${index}`,
          ...route,
          body: raw,
          contentType: 'application/json',
        });
      }
      for (const type of CONTENT_TYPES) {
        probes.push({
          label: `${route.method} ${route.path} as ${type}`,
          ...route,
          body: 'username=x&password=y',
          contentType: type,
        });
      }
    }

    const idRoutes: Array<[string, string, boolean?]> = [
      ['GET', '/api/users/:id'],
      ['GET', '/api/users/:id/picture'],
      ['DELETE', '/api/memories/:id'],
      ['GET', '/api/media/:id'],
      ['PATCH', '/api/media/:id'],
      ['DELETE', '/api/media/:id'],
      ['GET', '/api/media/:id/file'],
      ['GET', '/api/media/:id/thumbnail'],
      ['GET', '/api/media/:id/preview'],
      ['GET', '/api/media/:id/playback'],
      ['POST', '/api/media/:id/reprocess'],
      ['GET', '/api/media/tags/:id'],
      ['GET', '/api/media/:id/tags'],
      ['POST', '/api/media/:id/tags'],
      ['DELETE', `/api/media/${ids.media}/tags/:id`],
      ['DELETE', '/api/media/:id/tags/1'],
      ['GET', '/api/albums/:id'],
      ['PATCH', '/api/albums/:id'],
      ['DELETE', '/api/albums/:id'],
      ['POST', '/api/albums/:id/members'],
      ['DELETE', `/api/albums/${ids.album}/members/:id`],
      ['POST', `/api/albums/${ids.album}/media/:id`],
      ['DELETE', `/api/albums/:id/media/${ids.media}`],
      ['GET', '/api/family/:id'],
      ['DELETE', '/api/family/:id'],
      ['GET', '/api/exports/:id'],
      ['GET', '/api/exports/:id/download'],
      ['DELETE', '/api/exports/:id'],
      ['GET', '/api/users/:id', false],
      ['GET', '/api/media/:id', false],
    ];
    for (const [method, template, signedIn = true] of idRoutes) {
      for (const id of BAD_IDS) {
        const path = template.replace(':id', id);
        const label = `${method} ${template} id=${id.slice(0, 20)}`;
        probes.push({ label, method, path, signedIn });
        // The same address signed out must be refused as plainly.
        if (signedIn) probes.push({ label: `${label} signed out`, method, path, signedIn: false });
      }
    }

    for (const path of [
      '/api/media',
      '/api/media/tagged',
      '/api/albums',
      '/api/memories',
      '/api/users',
      `/api/family/${ids.me}`,
    ]) {
      for (const query of BAD_QUERIES) {
        probes.push({
          label: `GET ${path}?${query.slice(0, 30)}`,
          method: 'GET',
          path: `${path}?${query}`,
          signedIn: true,
        });
      }
    }

    const badMultipart: Array<[string, string, Buffer]> = [
      ['no boundary', 'multipart/form-data', multipart('b1', [{ name: 'type', value: 'photo' }])],
      ['other boundary', 'multipart/form-data; boundary=nope', multipart('b1', [{ name: 'type', value: 'photo' }])],
      [
        'truncated',
        'multipart/form-data; boundary=b1',
        multipart('b1', [{ name: 'type', value: 'photo' }]).subarray(0, 30),
      ],
      ['empty', 'multipart/form-data; boundary=b1', Buffer.alloc(0)],
      [
        'fields only',
        'multipart/form-data; boundary=b1',
        multipart('b1', [
          { name: 'type', value: 'photo' },
          { name: 'title', value: 'x' },
        ]),
      ],
      [
        'wrong kind',
        'multipart/form-data; boundary=b1',
        multipart('b1', [
          { name: 'type', value: 'hologram' },
          { name: 'file', filename: 'a.png', value: 'x' },
        ]),
      ],
      [
        'not an image',
        'multipart/form-data; boundary=b1',
        multipart('b1', [
          { name: 'type', value: 'photo' },
          { name: 'file', filename: 'a.png', value: 'plain words' },
        ]),
      ],
      [
        'two files',
        'multipart/form-data; boundary=b1',
        multipart('b1', [
          { name: 'file', filename: 'a.txt', value: 'a' },
          { name: 'file', filename: 'b.txt', value: 'b' },
        ]),
      ],
      [
        'huge field',
        'multipart/form-data; boundary=b1',
        multipart('b1', [{ name: 'title', value: 't'.repeat(3 * 1024 * 1024) }]),
      ],
      [
        'many fields',
        'multipart/form-data; boundary=b1',
        multipart(
          'b1',
          Array.from({ length: 2000 }, (_v, i) => ({ name: `f${i}`, value: 'v' })),
        ),
      ],
      [
        'invalid UTF-8 name',
        'multipart/form-data; boundary=b1',
        multipart('b1', [
          { name: 'type', value: 'document' },
          { name: 'file', filename: 'a\xed\xa0\x80.txt', value: Buffer.from([0xed, 0xa0, 0x80]) },
        ]),
      ],
      [
        'NUL in field',
        'multipart/form-data; boundary=b1',
        multipart('b1', [
          { name: 'type', value: 'post' },
          { name: 'title', value: 'a\u0000b' },
          { name: 'content', value: 'x' },
        ]),
      ],
      ['JSON inside', 'multipart/form-data; boundary=b1', Buffer.from('{"type":"photo"}')],
    ];
    for (const path of ['/api/media', '/api/users/profile-picture', '/api/imports']) {
      for (const [name, type, body] of badMultipart) {
        probes.push({
          label: `POST ${path} multipart ${name}`,
          method: 'POST',
          path,
          body,
          contentType: type,
          signedIn: true,
        });
      }
    }
    for (const [method, path] of [
      ['DELETE', '/api/user'],
      ['DELETE', '/api/user/sessions'],
      ['POST', '/api/logout'],
      ['GET', '/api/user'],
    ]) {
      probes.push({ label: `${method} ${path} signed out`, method, path, signedIn: false });
      // A body on GET is refused by the client itself, so only the others send one.
      if (method === 'GET') continue;
      probes.push({
        label: `${method} ${path} signed out, form`,
        method,
        path,
        signedIn: false,
        body: 'a=b',
        contentType: 'application/x-www-form-urlencoded',
      });
    }
  });

  it('answers at least 2,000 of them all below 500, and every process lives on', async () => {
    expect(probes.length).toBeGreaterThanOrEqual(2000);
    const before = pids();
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < probes.length) {
        const probe = probes[next++];
        const headers: Record<string, string> = {};
        if (probe.signedIn) headers.cookie = cookie;
        if (probe.contentType) headers['content-type'] = probe.contentType;
        let status = 0;
        try {
          const response = await fetch(`${baseUrl}${probe.path}`, {
            method: probe.method,
            headers,
            body: typeof probe.body === 'string' || probe.body === undefined ? probe.body : new Uint8Array(probe.body),
            signal: AbortSignal.timeout(20_000),
          });
          status = response.status;
          await response.arrayBuffer();
        } catch {
          // no answer (reset, hang): counted as 0
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 0 || status >= 500) failures.push(`${status} ${probe.label}`);
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: 6 }, worker));
    const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    console.log(
      `Bad-input suite: ${probes.length} malformed requests in ${Math.round((Date.now() - started) / 1000)} s; ` +
        `answers by status: ${summary.join(', ')}; at or above 500, or none: ${failures.length}`,
    );

    expect(failures).toEqual([]);
    const after = pids();
    expect(after).toEqual(before);
    for (const pid of Object.values(after)) expect(faults.alive(pid)).toBe(true);
    expect((await call('GET', '/api/health')).status).toBe(200);
    // The person is still signed in and the archive still works for them.
    expect((await call('GET', '/api/user', { cookie })).status).toBe(200);
  });
});
