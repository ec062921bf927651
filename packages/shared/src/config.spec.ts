import { ConfigError, DirectoryConfig, loadConfig, requiredVariables } from './config';

describe(loadConfig.name, () => {
  const valid = {
    PORT: '3002',
    DATABASE_URL: 'postgres://u:p@db:5432/family',
    INTERNAL_SECRET: 'x'.repeat(32),
    PROFILE_URL: 'http://profile:3002',
  };

  it('reads and converts a complete configuration, with defaults', () => {
    const config = loadConfig(DirectoryConfig, valid);
    expect(config.PORT).toBe(3002);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.LOG_LEVEL).toBe('warn');
  });

  it('stops with a sentence naming each wrong variable', () => {
    expect(() =>
      loadConfig(DirectoryConfig, { ...valid, INTERNAL_SECRET: 'short', DATABASE_URL: 'mysql://x' }),
    ).toThrow(ConfigError);
    try {
      loadConfig(DirectoryConfig, { ...valid, INTERNAL_SECRET: 'short' });
    } catch (error) {
      expect((error as Error).message).toContain('INTERNAL_SECRET: INTERNAL_SECRET must be at least 16 characters');
    }
  });

  it('lists the variables a service cannot start without', () => {
    expect(requiredVariables(DirectoryConfig).sort()).toEqual([
      'DATABASE_URL',
      'INTERNAL_SECRET',
      'PORT',
      'PROFILE_URL',
    ]);
  });
});
