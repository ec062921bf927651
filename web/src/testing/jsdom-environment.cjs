// jest-environment-jsdom plus the few fetch-API classes jsdom lacks. react-router's data router
// builds a Request (with an AbortSignal) for every navigation; Node has them, jsdom does not.
// fetch itself is left out on purpose: a test that needs the network stubs it.
const { TestEnvironment } = require('jest-environment-jsdom');

module.exports = class JsdomWithRequestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // Node's Request only accepts Node's AbortSignal, so both come from the same side.
    Object.assign(this.global, { Request, Headers, AbortController, AbortSignal });
  }
};
