#!/usr/bin/env node
// `npm test`: lint, type checks, build, every package's tests, then the end-to-end tests against the archive
// started as `npm start` starts it, and the fault-injection suite. Every step runs even when an earlier one
// failed, so one run shows all that is wrong; the last line counts the tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'family-test-results-'));
const env = { ...process.env, TZ: 'UTC', FORCE_COLOR: process.stdout.isTTY ? '1' : '0' };

const JEST_PACKAGES = [
  'packages/contract',
  'packages/shared',
  'services/auth',
  'services/profile',
  'services/media',
  'services/albums',
  'services/family',
  'gateway',
  'web',
];

const steps = [
  { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
  { name: 'typecheck web', command: 'npx', args: ['tsc', '-p', 'web', '--noEmit'] },
  { name: 'typecheck e2e', command: 'npx', args: ['tsc', '-p', 'e2e', '--noEmit'] },
  ...JEST_PACKAGES.filter((dir) => fs.existsSync(path.join(root, dir, 'jest.config.cjs'))).map((dir) => ({
    name: dir,
    jest: true,
    cwd: dir,
    config: 'jest.config.cjs',
  })),
  ...(fs.existsSync(path.join(root, 'e2e', 'jest.deployment.config.cjs'))
    ? [{ name: 'e2e deployment', jest: true, cwd: 'e2e', config: 'jest.deployment.config.cjs' }]
    : []),
  { name: 'e2e (API and browser)', jest: true, cwd: 'e2e', config: 'jest.config.cjs', runInBand: true },
  // npm run test:faults: processes killed and paused, Postgres and Redis stopped, 2,000 malformed requests.
  { name: 'e2e faults', jest: true, cwd: 'e2e', config: 'jest.faults.config.cjs', runInBand: true },
];

const summary = [];
/** Every test file's time, so the slowest can be named: `npm test` has a budget (docs/conventions.md "Tests"). */
const slowest = [];
let passed = 0;
let failed = 0;
let skipped = 0;

for (const [index, step] of steps.entries()) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  let result;
  if (step.jest) {
    const outputFile = path.join(resultsDir, `${index}.json`);
    const args = ['jest', '-c', step.config, '--ci', '--json', `--outputFile=${outputFile}`];
    if (step.runInBand) args.push('--runInBand');
    result = spawnSync('npx', args, { cwd: path.join(root, step.cwd), env, stdio: 'inherit' });
    if (fs.existsSync(outputFile)) {
      const report = JSON.parse(fs.readFileSync(outputFile, 'utf8'));
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += report.numPendingTests + report.numTodoTests;
      // A suite that failed to run (syntax error, setup failure) counts as a failure too.
      failed += report.numRuntimeErrorTestSuites;
      slowest.push(
        ...report.testResults.map((file) => ({
          file: path.relative(root, file.name),
          seconds: Math.round((file.endTime - file.startTime) / 1000),
        })),
      );
    } else {
      failed += 1;
    }
  } else {
    result = spawnSync(step.command, step.args, { cwd: root, env, stdio: 'inherit' });
  }
  const ok = result.status === 0;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${step.name} (${Math.round((Date.now() - started) / 1000)} s)`);
}

fs.rmSync(resultsDir, { recursive: true, force: true });
const slowLines = slowest
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 15)
  .map(({ file, seconds }) => `  ${String(seconds).padStart(4)} s  ${file}`);
console.log(`\nThe slowest test files:\n${slowLines.join('\n')}`);
console.log(`\n${summary.join('\n')}`);
const allOk = summary.every((line) => line.startsWith('ok'));
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(allOk && failed === 0 ? 0 : 1);
