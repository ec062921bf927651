/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The repository's own ESLint configuration, run on made-up files placed in the web app's folders: the rule that
// keeps features apart must keep finding the imports it forbids (an import it cannot resolve would pass silently).
const repoRoot = path.resolve(__dirname, '../../..');

const LINT_SCRIPT = `
const path = await import('node:path');
const { ESLint } = await import('eslint');
const eslint = new ESLint({ cwd: process.cwd() });
const found = {};
for (const [file, code] of Object.entries(JSON.parse(process.argv[1]))) {
  const [result] = await eslint.lintText(code, { filePath: path.join(process.cwd(), 'web/src', file) });
  found[file] = result.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths' || message.fatal)
    .map((message) => message.line + ': ' + message.message);
}
console.log(JSON.stringify(found));
`;

/** Lints each file's code as if it were at that path under web/src; the boundary problems per file. */
function boundaryProblems(files: Record<string, string>): Record<string, string[]> {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', LINT_SCRIPT, JSON.stringify(files)], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`ESLint did not run: ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, string[]>;
}

const imports = (...paths: string[]) => paths.map((from, i) => `import * as m${i} from '${from}';`).join('\n');

it('keeps features apart, app/ on top and the shared layers below', () => {
  const problems = boundaryProblems({
    'features/albums/components/probe.tsx': imports(
      './album-card',
      '../api/use-albums',
      '../../../components/confirm-dialog',
      '../../../config/paths',
      '../../../lib/queries/people',
      '../../media/api/media-keys',
      '../../../app/provider',
    ),
    'features/media/__tests__/probe.test.tsx': imports('../../albums/types'),
    'app/routes/probe.tsx': imports(
      '../../features/albums/components/albums-page',
      '../../features/media/components/media-grid',
      '../../lib/queries/current-user',
    ),
    'lib/queries/probe.ts': imports('../api', '../../features/auth/api/use-login'),
    'components/probe.tsx': imports('./confirm-dialog', '../app/provider'),
  });

  expect(problems).toEqual({
    'features/albums/components/probe.tsx': [
      expect.stringMatching(/^6: .*"\.\.\/\.\.\/media\/api\/media-keys".*A feature does not import another feature/),
      expect.stringMatching(/^7: .*"\.\.\/\.\.\/\.\.\/app\/provider".*Features do not import app/),
    ],
    'features/media/__tests__/probe.test.tsx': [
      expect.stringMatching(/^1: .*A feature does not import another feature/),
    ],
    'app/routes/probe.tsx': [],
    'lib/queries/probe.ts': [expect.stringMatching(/^2: .*Shared code does not import features or app/)],
    'components/probe.tsx': [expect.stringMatching(/^2: .*Shared code does not import features or app/)],
  });
});
