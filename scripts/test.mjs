#!/usr/bin/env node
// `npm test`: lint, type checks, build, every package's tests, then the end-to-end tests against the archive
// started as `npm start` starts it, and the fault-injection suite. Every step runs even when an earlier one
// failed, so one run shows all that is wrong; the last line counts the tests.
//
// The budget is 25 minutes on 2 cores (docs/conventions.md "Tests"), so steps that share nothing run two at a
// time: each package's tests make a database of their own. Their output is held and printed whole when the step
// ends, so two steps never interleave. The end-to-end steps start whole archives on fixed ports: one at a time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'family-test-results-'));
const env = { ...process.env, TZ: 'UTC', FORCE_COLOR: process.stdout.isTTY ? '1' : '0' };
const PARALLEL = Number(process.env.TEST_PARALLEL ?? 2);

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

const packageSteps = JEST_PACKAGES.filter((dir) => fs.existsSync(path.join(root, dir, 'jest.config.cjs'))).map(
  (dir) => ({ name: dir, jest: true, cwd: dir, config: 'jest.config.cjs' }),
);
// The longest first, so the pool ends together.
const LONGEST_FIRST = ['services/media', 'web', 'services/family', 'packages/shared'];
packageSteps.sort((a, b) => rank(a.name) - rank(b.name));
function rank(name) {
  const index = LONGEST_FIRST.indexOf(name);
  return index === -1 ? LONGEST_FIRST.length : index;
}

/** Each phase's steps run PARALLEL at a time; a phase starts when the one before it has ended. */
const phases = [
  // The build writes dist/, which lint and prettier ignore.
  [
    { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
    { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
    { name: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
  ],
  [
    ...packageSteps,
    // Both read the built packages' type declarations.
    { name: 'typecheck web', command: 'npx', args: ['tsc', '-p', 'web', '--noEmit'] },
    { name: 'typecheck e2e', command: 'npx', args: ['tsc', '-p', 'e2e', '--noEmit'] },
  ],
  ...(fs.existsSync(path.join(root, 'e2e', 'jest.deployment.config.cjs'))
    ? [[{ name: 'e2e deployment', jest: true, cwd: 'e2e', config: 'jest.deployment.config.cjs' }]]
    : []),
  [{ name: 'e2e (API and browser)', jest: true, cwd: 'e2e', config: 'jest.config.cjs', runInBand: true }],
  // npm run test:faults: processes killed and paused, Postgres and Redis stopped, 2,000 malformed requests.
  [{ name: 'e2e faults', jest: true, cwd: 'e2e', config: 'jest.faults.config.cjs', runInBand: true }],
];

const summary = [];
/** Every test file's time, so the slowest can be named. */
const slowest = [];
let passed = 0;
let failed = 0;
let skipped = 0;
let stepNumber = 0;
const startedAll = Date.now();

for (const phase of phases) {
  const queue = [...phase];
  const lanes = Array.from({ length: phase.length === 1 ? 1 : PARALLEL }, async () => {
    while (queue.length > 0) await runStep(queue.shift());
  });
  await Promise.all(lanes);
}

async function runStep(step) {
  const index = stepNumber++;
  const started = Date.now();
  const alone = phases.find((phase) => phase.includes(step)).length === 1;
  let command = step.command;
  let args = step.args;
  const outputFile = path.join(resultsDir, `${index}.json`);
  if (step.jest) {
    command = 'npx';
    args = ['jest', '-c', step.config, '--ci', '--json', `--outputFile=${outputFile}`];
    if (step.runInBand) args.push('--runInBand');
  }
  if (alone) console.log(`\n=== ${step.name} ===`);
  const status = await run(command, args, path.join(root, step.cwd ?? '.'), alone, step.name);
  if (step.jest) countResults(outputFile);
  const ok = status === 0;
  summary.push({
    index,
    line: `${ok ? 'ok  ' : 'FAIL'} ${step.name} (${Math.round((Date.now() - started) / 1000)} s)`,
  });
}

/** Runs a step; one that shares its phase has its output held and printed whole at its end. */
function run(command, args, cwd, alone, name) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const held = [];
    if (!alone) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    }
    child.on('close', (code) => {
      if (!alone) process.stdout.write(`\n=== ${name} ===\n${Buffer.concat(held).toString()}`);
      resolve(code);
    });
  });
}

function countResults(outputFile) {
  if (!fs.existsSync(outputFile)) {
    failed += 1;
    return;
  }
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
}

fs.rmSync(resultsDir, { recursive: true, force: true });
const slowLines = slowest
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 15)
  .map(({ file, seconds }) => `  ${String(seconds).padStart(4)} s  ${file}`);
console.log(`\nThe slowest test files:\n${slowLines.join('\n')}`);
const lines = summary.sort((a, b) => a.index - b.index).map(({ line }) => line);
console.log(`\n${lines.join('\n')}`);
console.log(`All steps: ${Math.round((Date.now() - startedAll) / 1000)} s`);
const allOk = lines.every((line) => line.startsWith('ok'));
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(allOk && failed === 0 ? 0 : 1);
