/**
 * Makes a one-time password reset code for a person: `npm run reset-code -- <username>`.
 * The operator hands the printed code to the person, who enters it on the Reset Password screen.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { IsUrl } from 'class-validator';
import { ConfigError, loadConfig } from '@family/shared';
import { ResetCodeModule } from '../reset-code.module';
import { ResetCodeService } from '../services/reset-code.service';

class ResetCodeConfig {
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['postgres', 'postgresql'] },
    { message: 'DATABASE_URL must be set to the archive database (postgres://...)' },
  )
  DATABASE_URL!: string;
}

async function main(): Promise<number> {
  const username = process.argv[2];
  if (!username) {
    console.error('Usage: npm run reset-code -- <username>');
    return 2;
  }
  let config: ResetCodeConfig;
  try {
    config = loadConfig(ResetCodeConfig);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const context = await NestFactory.createApplicationContext(ResetCodeModule.register(config.DATABASE_URL), {
    logger: ['error'],
  });
  try {
    const { code, expiresAt, username: name } = await context.get(ResetCodeService).create(username);
    console.log(`Reset code for ${name}: ${code}`);
    console.log(`It works once and expires at ${expiresAt.toISOString()} (24 hours).`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await context.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
