import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The repository's own ESLint configuration, run on made-up files placed in the family service's folders: the rule
// that keeps the GEDCOM format free of the archive must keep finding the imports it forbids (an import it cannot
// resolve would pass silently).
const repoRoot = path.resolve(__dirname, '../../../..');

const LINT_SCRIPT = `
const path = await import('node:path');
const { ESLint } = await import('eslint');
const eslint = new ESLint({ cwd: process.cwd() });
const found = {};
for (const [file, code] of Object.entries(JSON.parse(process.argv[1]))) {
  const [result] = await eslint.lintText(code, { filePath: path.join(process.cwd(), 'services/family/src', file) });
  found[file] = result.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths' || message.fatal)
    .map((message) => message.line + ': ' + message.message);
}
console.log(JSON.stringify(found));
`;

/** Lints each file's code as if it were at that path under services/family/src; the boundary problems per file. */
function boundaryProblems(files: Record<string, string>): Record<string, string[]> {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', LINT_SCRIPT, JSON.stringify(files)], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`ESLint did not run: ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, string[]>;
}

const imports = (...paths: string[]) => paths.map((from, i) => `import * as m${i} from '${from}';`).join('\n');

it('keeps the GEDCOM format free of the archive, which may import the format', () => {
  const problems = boundaryProblems({
    'gedcom-format/probe.ts': imports(
      './reader',
      './limits',
      '@family/shared',
      '../gedcom-archive/uids',
      '../repositories/relation.repository',
      '../config',
    ),
    'gedcom-archive/probe.ts': imports('../gedcom-format/reader', './uids', '../repositories/relation.repository'),
  });

  expect(problems).toEqual({
    'gedcom-format/probe.ts': [
      expect.stringMatching(/^4: .*"\.\.\/gedcom-archive\/uids".*The GEDCOM format imports nothing of the service/),
      expect.stringMatching(/^5: .*"\.\.\/repositories\/relation\.repository".*The GEDCOM format imports nothing/),
      expect.stringMatching(/^6: .*"\.\.\/config".*The GEDCOM format imports nothing of the service/),
    ],
    'gedcom-archive/probe.ts': [],
  });
});
