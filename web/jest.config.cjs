/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  // jsdom via jest-environment-jsdom, with Request/AbortController added for react-router.
  testEnvironment: '<rootDir>/src/testing/jsdom-environment.cjs',
  testMatch: ['<rootDir>/src/**/__tests__/**/*.test.{ts,tsx}'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    // The API contract from its source, as Vite reads it.
    '^@family/contract$': '<rootDir>/../packages/contract/src/index.ts',
    '^@family/shared/genealogy$': '<rootDir>/../packages/shared/src/genealogy/genealogical-date.ts',
    // d3-hierarchy ships ES modules only; its UMD build is the same code for Jest's CommonJS.
    '^d3-hierarchy$': '<rootDir>/../node_modules/d3-hierarchy/dist/d3-hierarchy.js',
    // tus-js-client's browser build (XMLHttpRequest, Blob slices, localStorage), as Vite bundles it; its "main" is Node's.
    '^tus-js-client$': '<rootDir>/../node_modules/tus-js-client/lib.es5/browser/index.js',
    '\\.(css|less|scss)$': '<rootDir>/src/testing/style-stub.cjs',
    '\\.(png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|mp3|mp4)$': '<rootDir>/src/testing/file-stub.cjs',
  },
  // TextEncoder must exist before react-router loads; jest-dom needs `expect`, so it runs after the framework.
  setupFiles: ['<rootDir>/src/testing/setup-globals.cjs'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  // Whole dialogs render and type through user-event: on a busy 2-core machine that can take longer than 5 s.
  testTimeout: 20000,
  clearMocks: true,
  restoreMocks: true,
};
