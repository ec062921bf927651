// Stops the fault-injection stack (Ctrl+C to npm start, then its Redis and Postgres) and removes its data.
const fs = require('node:fs');
const stack = require('./fault-stack.cjs');

module.exports = async function stopFaultStack() {
  if (!fs.existsSync(stack.config.stateFile)) return;
  const state = JSON.parse(fs.readFileSync(stack.config.stateFile, 'utf8'));
  const child = globalThis.__faultStack;
  if (child && child.exitCode === null) {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
    });
  }
  // A test that failed half-way may have left them paused.
  stack.signalPostgres(state, 'SIGCONT');
  if (state.redisPid && stack.alive(state.redisPid)) process.kill(state.redisPid, 'SIGCONT');
  await stack.stopRedis(state).catch(() => undefined);
  await stack.stopPostgres(state).catch(() => undefined);
  fs.rmSync(state.dataDir, { recursive: true, force: true });
  fs.rmSync(stack.config.stateFile, { force: true });
};
