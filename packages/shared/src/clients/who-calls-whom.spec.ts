import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * docs/architecture.md "Who calls whom" is read from the code, not remembered: the clients each process's module
 * provides, and whether it reads the people directory (changes are announced in the database, not by calls). And no code but the clients
 * builds an internal address or signs a service token.
 */

const root = join(__dirname, '..', '..', '..', '..');
const CLIENT_SERVICE: Record<string, string> = {
  AuthClient: 'auth',
  ProfileClient: 'profile',
  MediaClient: 'media',
  AlbumsClient: 'albums',
  FamilyClient: 'family',
};
const ALL = ['auth', 'profile', 'media', 'albums', 'family'];

/** Each process and the files that wire its calls (the media worker's takeout module wires its own). */
const PROCESSES: Record<string, string[]> = {
  gateway: ['gateway/src/app.ts'],
  auth: ['services/auth/src/app.module.ts'],
  profile: ['services/profile/src/app.module.ts'],
  media: ['services/media/src/app.module.ts'],
  'media worker': ['services/media/src/worker.module.ts', 'services/media/src/takeout/takeout.module.ts'],
  albums: ['services/albums/src/app.module.ts'],
  family: ['services/family/src/app.module.ts'],
  'family worker': ['services/family/src/worker.module.ts'],
};

type Edge = `${string} -> ${string} (${'client' | 'directory'})`;

function edgesInCode(): Edge[] {
  const edges = new Set<Edge>();
  for (const [process, files] of Object.entries(PROCESSES)) {
    const code = files.map((file) => readFileSync(join(root, file), 'utf8')).join('\n');
    for (const [, client] of code.matchAll(/serviceClient\((\w+Client)\b/g)) {
      edges.add(`${process} -> ${CLIENT_SERVICE[client!]} (client)`);
    }
    if (code.includes('allServiceClients(')) for (const name of ALL) edges.add(`${process} -> ${name} (client)`);
    if (/profileUrl:/.test(code)) edges.add(`${process} -> profile (directory)`);
  }
  return [...edges].sort();
}

function edgesInDocs(): Edge[] {
  const docs = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  const section = docs.slice(docs.indexOf('### Who calls whom'), docs.indexOf('**The people directory.**'));
  const edges: Edge[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 5 || !(cells[1]! in PROCESSES)) continue;
    for (const callee of cells[2]!.split(',').map((name) => name.trim())) {
      edges.push(`${cells[1]} -> ${callee} (${cells[3] as 'client'})`);
    }
  }
  return edges.sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The service a process belongs to: a worker is its service's. */
const serviceOf = (process: string) => process.replace(/ worker$/, '');

/** Pairs of services that call each other both ways, as `a and b` in the order of ALL. */
function twoWayPairsInCode(): string[] {
  const calls = new Set(
    edgesInCode().map((edge) => {
      const [, caller, callee] = /^(.+) -> (\w+) /.exec(edge)!;
      return `${serviceOf(caller!)} -> ${callee}`;
    }),
  );
  const pairs: string[] = [];
  for (const [index, a] of ALL.entries()) {
    for (const b of ALL.slice(index + 1))
      if (calls.has(`${a} -> ${b}`) && calls.has(`${b} -> ${a}`)) pairs.push(`${a} and ${b}`);
  }
  return pairs;
}

/** The pairs the docs' sentence under the table names as still calling both ways. */
function twoWayPairsInDocs(): string[] {
  const docs = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  const sentence = /Synchronous calls still go both ways between ([^.;]+?);/.exec(docs)?.[1] ?? '';
  return sentence
    .split(/, (?:and )?/)
    .map((pair) => pair.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * Pairs that used to call both ways and now go one way (docs/architecture.md "Who calls whom"): a change that
 * makes one of them call both ways again fails here, even if the docs were changed to match.
 */
const ONE_WAY = ['profile and media', 'profile and family', 'media and family', 'media and albums'];

describe('who calls whom', () => {
  it('is the table in docs/architecture.md', () => {
    expect(edgesInDocs()).toEqual(edgesInCode());
  });

  it('calls both ways only between the pairs docs/architecture.md names', () => {
    expect(twoWayPairsInDocs()).toEqual(twoWayPairsInCode());
  });

  it('keeps the pairs that have gone one way one-way', () => {
    expect(twoWayPairsInCode().filter((pair) => ONE_WAY.includes(pair))).toEqual([]);
  });

  it('goes through the typed clients: nothing else builds an internal address or signs a service token', () => {
    const allowed = new Set([
      'packages/shared/src/identity-token.ts',
      'packages/shared/src/internal-client.ts',
      // The directory's lookups are a client of their own.
      'packages/shared/src/directory-client.ts',
    ]);
    const dirs = ['gateway/src', 'packages/shared/src', ...ALL.map((name) => `services/${name}/src`)];
    const offenders = dirs
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .map((path) => relative(root, path))
      .filter((path) => !path.startsWith('packages/shared/src/clients/') && !allowed.has(path))
      .filter((path) => /['`]\/internal\/(?!\*)|signServiceToken\(/.test(readFileSync(join(root, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
