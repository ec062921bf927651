import http from 'node:http';
import { baseUrl, call, faults, pids, signUp, sleep, state, type ProcessName } from './support/stack';

// Operators' faults on a running archive, with real processes: each is checked for a quick, clear answer while
// it lasts (503 JSON within 3 s, never a hang or a 500) and for recovery without anyone restarting anything.
const DOWN_FOR_MS = 5000;
const ANSWER_WITHIN_MS = 3000;

let person: { cookie: string; id: number; username: string };

/** Requests that need Postgres, one or more per service; each with the session of a signed-in person. */
const DATABASE_ROUTES: Array<[method: string, path: string]> = [
  ['GET', '/api/user'],
  ['GET', '/api/users'],
  ['GET', '/api/memories'],
  ['GET', '/api/media'],
  ['GET', '/api/albums'],
  ['GET', '/api/family/me'],
];

/** `/api/family/me` stands for the signed-in person's own tree. */
function familyPath(path: string): string {
  return path === '/api/family/me' ? `/api/family/${person.id}` : path;
}

/** Every route answers 503 JSON naming something unavailable, within 3 s; answers are collected for the report. */
async function expectUnavailable(routes: Array<[string, string]>, cookie: string) {
  const answers = await Promise.all(routes.map(([method, path]) => call(method, familyPath(path), { cookie })));
  const seen = answers.map((answer, index) => ({
    route: routes[index].join(' '),
    status: answer.status === 503 ? 503 : `${answer.status} ${answer.body?.message ?? ''}`,
    quick: answer.ms < ANSWER_WITHIN_MS,
    says: typeof answer.body?.message === 'string' && /unavailable/i.test(answer.body.message),
  }));
  expect(seen).toEqual(
    routes.map(([method, path]) => ({ route: `${method} ${path}`, status: 503, quick: true, says: true })),
  );
}

/** Waits until every route answers 200 again (fails after 20 s). */
async function expectRecovered(routes: Array<[string, string]>, cookie: string) {
  const deadline = Date.now() + 20_000;
  let seen: string[] = [];
  while (Date.now() < deadline) {
    const answers = await Promise.all(routes.map(([method, path]) => call(method, familyPath(path), { cookie })));
    if (answers.every((answer) => answer.status === 200)) return;
    seen = answers.map((answer, index) => `${routes[index].join(' ')}: ${answer.status} ${answer.body?.message ?? ''}`);
    await sleep(250);
  }
  expect(seen).toEqual([]);
}

/** While a fault lasts: ask again and again, so every kind of waiting (new connection, pooled one) is met. */
async function duringOutage(check: () => Promise<void>) {
  const until = Date.now() + DOWN_FOR_MS;
  do {
    await check();
  } while (Date.now() < until - ANSWER_WITHIN_MS);
  await sleep(Math.max(0, until - Date.now()));
}

beforeAll(async () => {
  person = await signUp('faults');
});

describe('a process that is killed (SIGKILL)', () => {
  it.each<ProcessName>(['auth', 'profile', 'media', 'albums', 'family', 'gateway'])(
    '%s is back within 10 s and answers',
    async (name) => {
      const before = pids();
      process.kill(before[name], 'SIGKILL');
      const killedAt = Date.now();
      await faults.waitFor(
        async () => {
          if (pids()[name] === before[name]) return false;
          const health = await call('GET', '/api/health');
          return name === 'gateway' ? health.status === 200 : health.body?.services?.[name] === 'ok';
        },
        `${name} was not back`,
        10_000,
      );
      expect(Date.now() - killedAt).toBeLessThan(10_000);
      // The others were left alone, and the person is still signed in.
      const after = pids();
      for (const other of Object.keys(before) as ProcessName[]) {
        if (other !== name) expect(after[other]).toBe(before[other]);
      }
      expect((await call('GET', '/api/user', { cookie: person.cookie })).status).toBe(200);
    },
  );
});

describe('a service paused (SIGSTOP) behind the gateway', () => {
  /** Every kind of route of each service: reads, changes, and for media an upload and a file. */
  const ROUTES: Record<Exclude<ProcessName, 'gateway'>, Array<[string, string, unknown?]>> = {
    auth: [
      ['POST', '/api/login', { username: 'someone', password: 'secret-pw' }],
      ['POST', '/api/user/password', { currentPassword: 'secret-pw', newPassword: 'secret-pw-2' }],
    ],
    profile: [
      ['GET', '/api/user'],
      ['GET', '/api/users'],
      ['PATCH', '/api/user/profile', { displayName: 'Paused' }],
      ['GET', '/api/people'],
    ],
    media: [
      ['GET', '/api/media'],
      ['GET', '/api/media/1'],
      ['GET', '/api/media/1/file'],
      ['GET', '/api/media/1/thumbnail'],
      ['PATCH', '/api/media/1', { title: 'Paused' }],
      ['POST', '/api/media/1/tags', { userId: 1 }],
      ['DELETE', '/api/media/1'],
    ],
    albums: [
      ['GET', '/api/albums'],
      ['POST', '/api/albums', { name: 'Paused' }],
    ],
    family: [
      ['GET', '/api/family/me'],
      ['POST', '/api/family', { userId: 1, relatedUserId: 2, relationType: 'sibling' }],
    ],
  };

  it.each(Object.keys(ROUTES) as Array<keyof typeof ROUTES>)(
    '%s: every route to it answers 503 JSON within 3 s, then works again by itself',
    async (name) => {
      const before = pids();
      const routes = ROUTES[name];
      process.kill(before[name], 'SIGSTOP');
      try {
        await duringOutage(async () => {
          const answers = await Promise.all([
            ...routes.map(([method, path, body]) => call(method, familyPath(path), { cookie: person.cookie, body })),
            // An upload that is still being sent when the service stops taking it, and a small one that is all sent.
            ...(name === 'media' ? [bigUpload(), smallUpload()] : []),
          ]);
          const labels = [...routes.map(([method, path]) => `${method} ${path}`)];
          if (name === 'media') labels.push('POST /api/media (20 MB)', 'POST /api/media (small)');
          expect(
            answers.map((answer, index) => ({
              route: labels[index],
              status: answer.status,
              quick: answer.ms < ANSWER_WITHIN_MS,
              message: answer.body?.message,
            })),
          ).toEqual(
            labels.map((route) => ({
              route,
              status: 503,
              quick: true,
              message: `The ${name} service is unavailable. Try again shortly.`,
            })),
          );
        });
      } finally {
        process.kill(before[name], 'SIGCONT');
      }
      const check: Array<[string, string]> =
        name === 'auth' ? [['GET', '/api/user']] : [routes[0].slice(0, 2) as [string, string]];
      await expectRecovered(check, person.cookie);
      expect(pids()).toEqual(before);
    },
  );

  async function smallUpload() {
    const form = new FormData();
    form.set('type', 'document');
    form.set('title', 'Paused');
    form.set('file', new Blob(['a short note'], { type: 'text/plain' }), 'note.txt');
    return timedFetch('/api/media', form);
  }

  async function bigUpload() {
    const form = new FormData();
    form.set('type', 'document');
    form.set('title', 'Paused, big');
    form.set(
      'file',
      new Blob([Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024 * 1024, 0x20)])]),
      'big.pdf',
    );
    return timedFetch('/api/media', form);
  }

  async function timedFetch(path: string, body: FormData) {
    const started = Date.now();
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { cookie: person.cookie },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      return { status: response.status, body: await response.json(), ms: Date.now() - started };
    } catch {
      return { status: 0, body: undefined, ms: Date.now() - started };
    }
  }
});

describe('Postgres', () => {
  it('stopped for 5 s: every route that needs it answers 503 within 3 s, then works again by itself', async () => {
    const before = pids();
    await faults.stopPostgres(state());
    try {
      await duringOutage(() => expectUnavailable(DATABASE_ROUTES, person.cookie));
      const login = await call('POST', '/api/login', { body: { username: person.username, password: 'secret-pw' } });
      expect({ status: login.status, quick: login.ms < ANSWER_WITHIN_MS }).toEqual({ status: 503, quick: true });
    } finally {
      await faults.startPostgres(state());
    }
    await expectRecovered(DATABASE_ROUTES, person.cookie);
    expect(pids()).toEqual(before);
  });

  it('paused (SIGSTOP) for 5 s: every route that needs it answers 503 within 3 s, then works again by itself', async () => {
    const before = pids();
    faults.signalPostgres(state(), 'SIGSTOP');
    try {
      await duringOutage(() => expectUnavailable(DATABASE_ROUTES, person.cookie));
    } finally {
      faults.signalPostgres(state(), 'SIGCONT');
    }
    await expectRecovered(DATABASE_ROUTES, person.cookie);
    expect(pids()).toEqual(before);
  });
});

describe('Redis', () => {
  const SESSION_ROUTES: Array<[string, string]> = [
    ['GET', '/api/user'],
    ['GET', '/api/media'],
    ['GET', '/api/albums'],
  ];

  it('stopped for 5 s: pages that need the session answer 503 within 3 s, then work again by themselves', async () => {
    const before = pids();
    await faults.stopRedis(state());
    try {
      await duringOutage(async () => {
        await expectUnavailable(SESSION_ROUTES, person.cookie);
        const login = await call('POST', '/api/login', { body: { username: person.username, password: 'secret-pw' } });
        expect({ status: login.status, quick: login.ms < ANSWER_WITHIN_MS }).toEqual({ status: 503, quick: true });
      });
    } finally {
      await faults.startRedis(state());
    }
    await expectRecovered(SESSION_ROUTES, person.cookie);
    expect(pids()).toEqual(before);
  });

  it('paused (SIGSTOP) for 5 s: 503 within 3 s, then the same sessions work again', async () => {
    const before = pids();
    faults.signalRedis(state(), 'SIGSTOP');
    try {
      await duringOutage(() => expectUnavailable(SESSION_ROUTES, person.cookie));
    } finally {
      faults.signalRedis(state(), 'SIGCONT');
    }
    await expectRecovered(SESSION_ROUTES, person.cookie);
    expect(pids()).toEqual(before);
  });

  it('gone in the middle of a response: the gateway finishes it and stays up', async () => {
    // A 6 MB document, read slowly: the gateway is still writing it when Redis goes away, and renews the
    // session only at its end.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * 1024 * 1024, 'x')]);
    const form = new FormData();
    form.set('type', 'document');
    form.set('title', 'Big scan');
    form.set('file', new Blob([bytes], { type: 'application/pdf' }), 'scan.pdf');
    const uploaded = await fetch(`${baseUrl}/api/media`, {
      method: 'POST',
      headers: { cookie: person.cookie },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: number };
    const gatewayPid = pids().gateway;

    const received = await new Promise<number>((resolve, reject) => {
      const request = http.get(
        `${baseUrl}/api/media/${id}/file`,
        { headers: { cookie: person.cookie } },
        (response) => {
          expect(response.statusCode).toBe(200);
          let length = 0;
          response.once('data', (first: Buffer) => {
            length += first.length;
            response.pause();
            // Redis dies at once, as in a crash, while the rest of the file waits in the gateway.
            faults.signalRedis(state(), 'SIGKILL');
            setTimeout(() => {
              response.on('data', (chunk: Buffer) => (length += chunk.length));
              response.resume();
            }, 500);
          });
          response.once('end', () => resolve(length));
          response.once('error', reject);
        },
      );
      request.once('error', reject);
    });
    expect(received).toBe(bytes.length);

    await sleep(500);
    expect(faults.alive(gatewayPid)).toBe(true);
    expect(pids().gateway).toBe(gatewayPid);
    const health = await call('GET', '/api/health');
    expect({ status: health.status, redis: health.body?.redis }).toEqual({ status: 503, redis: 'unavailable' });

    await faults.startRedis(state());
    await expectRecovered([['GET', '/api/user']], person.cookie);
  });
});
