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
