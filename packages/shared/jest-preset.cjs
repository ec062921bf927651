// One jest setup for every back-end package: swc with decorator metadata, ESM-only packages transformed,
// and @family/shared and @family/contract read from source so tests never need a build first.
const path = require('node:path');
const sharedSrc = path.join(__dirname, 'src');
const contractSrc = path.join(__dirname, '..', 'contract', 'src');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j|mj)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|file-type|strtok3|token-types|uint8array-extras|@tokenizer|@borewit|@tus|srvx|otplib|@otplib|@scure|@noble)/)',
  ],
  moduleNameMapper: {
    '^file-type$': require.resolve('file-type'),
    '^@family/shared$': path.join(sharedSrc, 'index.ts'),
    '^@family/shared/(nest|clients|storage|testing|uploads|jobs|zip)$': path.join(sharedSrc, '$1/index.ts'),
    '^@family/contract$': path.join(contractSrc, 'index.ts'),
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  testTimeout: 30000,
};
