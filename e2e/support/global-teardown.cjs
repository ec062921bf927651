// Stops the stack (Ctrl+C as a person would) and removes its data folder.
const fs = require('node:fs');
const config = require('./stack-config.cjs');
const { stopArchive } = require('./start-archive.cjs');

module.exports = async function stopStack() {
  const state = fs.existsSync(config.stateFile) ? JSON.parse(fs.readFileSync(config.stateFile, 'utf8')) : null;
  await stopArchive(globalThis.__familyStack, state?.dataDir);
};
