import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let version: string | undefined;

/**
 * The archive's version: the repository's package.json (`version`), read once. The same from src/ (tests) and
 * dist/ (the built code and the Docker image, which keeps the root package.json).
 */
export function appVersion(): string {
  if (version === undefined) {
    const file = join(__dirname, '..', '..', '..', 'package.json');
    version = String((JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version ?? 'unknown');
  }
  return version;
}
