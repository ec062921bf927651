// Stops the stack (Ctrl+C as a person would) and removes its data folder.
const fs = require('node:fs');
const config = require('./stack-config.cjs');

module.exports = async function stopStack() {
  const child = globalThis.__familyStack;
  const state = fs.existsSync(config.stateFile) ? JSON.parse(fs.readFileSync(config.stateFile, 'utf8')) : null;
  if (child && child.exitCode === null) {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
    });
  }
  if (state?.dataDir) fs.rmSync(state.dataDir, { recursive: true, force: true });
};
