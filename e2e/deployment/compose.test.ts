// docker-compose.yml against what each program refuses to start without (its class-validator config class), and
// the rules of the production setup: one published port, healthchecks everywhere, required secrets.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { requiredVariables } from '@family/shared';
import { GatewayConfig } from '../../gateway/src/config';
import { AlbumsConfig } from '../../services/albums/src/config';
import { AuthConfig } from '../../services/auth/src/config';
import { FamilyConfig } from '../../services/family/src/config';
import { MediaConfig } from '../../services/media/src/config';
import { FacesWorkerConfig } from '../../services/media/src/faces/faces-config';
import { MediaWorkerConfig } from '../../services/media/src/worker/worker-config';
import { ProfileConfig } from '../../services/profile/src/config';

type Environment = Record<string, string | number | boolean | null>;
interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string | string[];
  working_dir?: string;
  environment?: Environment | string[];
  ports?: unknown[];
  network_mode?: string;
  networks?: string[] | Record<string, unknown>;
  volumes?: unknown[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string; required?: boolean }>;
  restart?: string;
  mem_limit?: string;
  develop?: unknown;
}
interface ComposeFile {
  name?: string;
  services: Record<string, ComposeService>;
  networks?: Record<string, { internal?: boolean } | null>;
}

const root = path.resolve(__dirname, '../..');
const composeText = fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
// Merge keys (`<<: *app`) as docker compose reads them.
const compose = parse(composeText, { merge: true }) as ComposeFile;
const envExample = fs.readFileSync(path.join(root, '.env.example'), 'utf8');

/** Each Node program, by compose service name, with the config class it checks its environment with. */
const PROGRAMS: [string, new () => object][] = [
  ['gateway', GatewayConfig],
  ['auth', AuthConfig],
  ['profile', ProfileConfig],
  ['media', MediaConfig],
  ['albums', AlbumsConfig],
  ['family', FamilyConfig],
];
/** The background workers (docs/architecture.md "Background jobs"): no port, a heartbeat file instead. */
const WORKERS: [string, new () => object, string][] = [
  ['media-worker', MediaWorkerConfig, 'dist/worker.js'],
  ['faces-worker', FacesWorkerConfig, 'dist/faces-worker.js'],
  ['family-worker', FamilyConfig, 'dist/worker.js'],
];
const DATA_STORES = ['postgres', 'redis', 'minio'];
const SECRETS = ['SESSION_SECRET', 'INTERNAL_SECRET', 'POSTGRES_PASSWORD', 'MINIO_ROOT_PASSWORD'];

function service(name: string): ComposeService {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

/** The environment of a service as a map (compose also allows a list of KEY=value). */
function environment(name: string): Record<string, string> {
  const env = service(name).environment ?? {};
  const entries = Array.isArray(env)
    ? env.map((line) => [line.split('=')[0], line.slice(line.indexOf('=') + 1)])
    : Object.entries(env).map(([key, value]) => [key, value === null ? '' : String(value)]);
  return Object.fromEntries(entries) as Record<string, string>;
}

/** Variables .env.example mentions as `NAME=` (also commented out, for those compose sets itself). */
function mentionedInEnvExample(name: string): boolean {
  return new RegExp(`^#?\\s*${name}=`, 'm').test(envExample);
}

function dependencies(name: string): Record<string, { condition?: string; required?: boolean }> {
  const dependsOn = service(name).depends_on ?? {};
  return Array.isArray(dependsOn) ? Object.fromEntries(dependsOn.map((dep) => [dep, {}])) : dependsOn;
}

describe('docker-compose.yml', () => {
  it('runs the data stores, the five services, their workers and the gateway', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [...DATA_STORES, ...PROGRAMS.map(([name]) => name), ...WORKERS.map(([name]) => name)].sort(),
    );
  });

  describe.each(WORKERS)('%s', (name, configClass, script) => {
    it('gets every variable its configuration check requires, all listed in .env.example', () => {
      const required = requiredVariables(configClass);
      const env = environment(name);
      expect(required.filter((variable) => !env[variable])).toEqual([]);
      expect(required.filter((variable) => !mentionedInEnvExample(variable))).toEqual([]);
    });

    it('runs its program from the one image, and is healthy while its heartbeat file is fresh', () => {
      expect(service(name).image).toBe(service('auth').image);
      expect([service(name).command ?? []].flat()).toEqual(['node', script]);
      const test = [service(name).healthcheck?.test ?? []].flat().join(' ');
      expect(test).toContain(`/tmp/family-${name}.alive`);
      expect(service(name).ports ?? []).toEqual([]);
    });
  });

  describe.each(PROGRAMS)('%s', (name, configClass) => {
    const required = requiredVariables(configClass);

    it('gets every variable its configuration check requires', () => {
      expect(required.length).toBeGreaterThan(0);
      const env = environment(name);
      const missing = required.filter((variable) => !env[variable]);
      expect(missing).toEqual([]);
    });

    it('has every variable it requires listed in .env.example', () => {
      expect(required.filter((variable) => !mentionedInEnvExample(variable))).toEqual([]);
    });

    it('listens on all addresses of its container and checks its own /ready', () => {
      const env = environment(name);
      expect(env.HOST).toBe('0.0.0.0');
      expect(env.PORT).toMatch(/^\d+$/);
      const test = [service(name).healthcheck?.test ?? []].flat().join(' ');
      expect(test).toContain('/ready');
      expect(test).toMatch(/127\.0\.0\.1:'\+process\.env\.PORT|127\.0\.0\.1:\d+/);
    });

    it('runs its program from the one image built from this repository', () => {
      expect(service(name).build).toBeDefined();
      expect(service(name).image).toBe(service('auth').image);
      const command = [service(name).command ?? []].flat();
      expect(command[0]).toBe('node');
    });
  });

  it('reaches every service by its name and the port that service listens on', () => {
    const addresses = PROGRAMS.flatMap(([name]) =>
      Object.entries(environment(name))
        .filter(([, value]) => /^https?:\/\//.test(value))
        .map(([variable, value]) => ({ name, variable, url: new URL(value) })),
    );
    expect(addresses.length).toBeGreaterThan(0);
    const wrong = addresses
      .filter(({ url }) => !compose.services[url.hostname] || environment(url.hostname).PORT !== url.port)
      .map(({ name, variable, url }) => `${name}.${variable}=${url.href}`);
    expect(wrong).toEqual([]);
  });

  it('publishes a port for the gateway only, on the port it listens on', () => {
    const publishing = Object.entries(compose.services)
      .filter(([, svc]) => (svc.ports ?? []).length > 0 || svc.network_mode === 'host')
      .map(([name]) => name);
    expect(publishing).toEqual(['gateway']);
    const ports = service('gateway').ports ?? [];
    expect(ports).toHaveLength(1);
    expect(String(ports[0])).toMatch(new RegExp(`:${environment('gateway').PORT}$`));
  });

  it('keeps the data stores and services on an internal network, the gateway on both', () => {
    const networks = (name: string) => {
      const list = service(name).networks ?? [];
      return (Array.isArray(list) ? list : Object.keys(list)).sort();
    };
    const internal = Object.entries(compose.networks ?? {})
      .filter(([, options]) => options?.internal === true)
      .map(([name]) => name);
    expect(internal).toHaveLength(1);
    for (const name of Object.keys(compose.services).filter((name) => name !== 'gateway')) {
      expect({ name, networks: networks(name) }).toEqual({ name, networks: internal });
    }
    expect(networks('gateway')).toContain(internal[0]);
    expect(networks('gateway').length).toBe(2);
  });

  it('gives every container a healthcheck, a restart policy and a memory limit', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      const test = [svc.healthcheck?.test ?? []].flat();
      expect({ name, healthcheck: test.length > 0 && svc.healthcheck?.disable !== true }).toEqual({
        name,
        healthcheck: true,
      });
      expect({ name, restart: svc.restart }).toEqual({ name, restart: 'unless-stopped' });
      expect({ name, mem_limit: svc.mem_limit }).toEqual({ name, mem_limit: expect.stringMatching(/^\d+[mg]$/) });
    }
  });

  it('starts a container only once what it depends on is healthy', () => {
    for (const name of Object.keys(compose.services)) {
      for (const [dependency, options] of Object.entries(dependencies(name))) {
        expect({ name, dependency, condition: options.condition }).toEqual({
          name,
          dependency,
          condition: 'service_healthy',
        });
        expect(service(dependency).healthcheck?.test).toBeDefined();
      }
    }
    expect(Object.keys(dependencies('gateway')).sort()).toEqual(
      ['redis', ...PROGRAMS.map(([name]) => name).filter((name) => name !== 'gateway')].sort(),
    );
  });

  it('refuses to start without the secrets', () => {
    for (const secret of SECRETS) {
      const uses = composeText.match(new RegExp(`\\$\\{${secret}[^}]*\\}`, 'g')) ?? [];
      expect({ secret, used: uses.length > 0 }).toEqual({ secret, used: true });
      for (const use of uses) expect(use).toMatch(new RegExp(`^\\$\\{${secret}:\\?.+\\}$`));
    }
  });

  it('reads only variables that .env.example lists (uncommented, as compose reads them from .env)', () => {
    const read = new Set([...composeText.matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1]));
    const unlisted = [...read].filter((name) => !new RegExp(`^${name}=`, 'm').test(envExample));
    expect(unlisted).toEqual([]);
    for (const secret of SECRETS) expect(envExample).toMatch(new RegExp(`^${secret}=$`, 'm'));
  });

  it('keeps files in MinIO, sessions in Redis, and the data in volumes', () => {
    for (const name of ['media', 'profile']) {
      const env = environment(name);
      expect(env.MINIO_ENDPOINT).toBe('minio');
      expect(env.MINIO_ACCESS_KEY).toBeTruthy();
      expect(env.MINIO_SECRET_KEY).toBeTruthy();
    }
    expect(environment('gateway').REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
    expect([service('redis').command ?? []].flat().join(' ')).toContain('--appendonly yes');
    for (const name of DATA_STORES) expect(service(name).volumes?.length).toBeGreaterThan(0);
  });

  it("stays within what Debian's docker-compose 1.29.2 accepts", () => {
    expect(compose.name).toBeUndefined();
    for (const [name, svc] of Object.entries(compose.services)) {
      expect({ name, develop: svc.develop }).toEqual({ name, develop: undefined });
      for (const options of Object.values(dependencies(name))) expect(options.required).toBeUndefined();
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.find((stage) => /^\S+ AS runtime$/m.test(stage)) ?? '';

  it('installs from the lock file, builds, and keeps only runtime dependencies in the image', () => {
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
  });

  it('runs as the unprivileged node user', () => {
    expect(runtime).toMatch(/^USER node$/m);
  });

  it('never gets node_modules, build output, data or secrets from the build context', () => {
    const ignored = fs.readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', 'data', '.env', '.git']) expect(ignored).toContain(entry);
  });
});
