import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * docs/architecture.md "Who calls whom" is read from the code, not remembered: the clients each process's module
 * provides, whether it reads the people directory, and whom it announces changes to. And no code but the clients
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

type Edge = `${string} -> ${string} (${'client' | 'directory' | 'announcement'})`;

/** The `{ … }` that follows `marker` in `code`, braces balanced; empty when there is none. */
function bracedAfter(code: string, marker: string): string {
  const start = code.indexOf('{', code.indexOf(marker));
  if (code.indexOf(marker) < 0 || start < 0) return '';
  let depth = 0;
  for (let index = start; index < code.length; index++) {
    if (code[index] === '{') depth++;
    else if (code[index] === '}' && --depth === 0) return code.slice(start, index + 1);
  }
  return '';
}

function edgesInCode(): Edge[] {
  const edges = new Set<Edge>();
  for (const [process, files] of Object.entries(PROCESSES)) {
    const code = files.map((file) => readFileSync(join(root, file), 'utf8')).join('\n');
    for (const [, client] of code.matchAll(/serviceClient\((\w+Client)\b/g)) {
      edges.add(`${process} -> ${CLIENT_SERVICE[client!]} (client)`);
    }
    if (code.includes('allServiceClients(')) for (const name of ALL) edges.add(`${process} -> ${name} (client)`);
    if (/profileUrl:/.test(code)) edges.add(`${process} -> profile (directory)`);
    const announces = bracedAfter(code, 'announces:');
    for (const [, name] of announces.matchAll(/name: '(\w+)'/g)) edges.add(`${process} -> ${name} (announcement)`);
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

describe('who calls whom', () => {
  it('is the table in docs/architecture.md', () => {
    expect(edgesInDocs()).toEqual(edgesInCode());
  });

  it('goes through the typed clients: nothing else builds an internal address or signs a service token', () => {
    const allowed = new Set([
      'packages/shared/src/identity-token.ts',
      'packages/shared/src/internal-client.ts',
      // The directory's lookups and the announcements of changes are their own clients.
      'packages/shared/src/directory-client.ts',
      'packages/shared/src/change-cache.ts',
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
