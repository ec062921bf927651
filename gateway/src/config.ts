import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength } from 'class-validator';
import { IsServiceUrl } from '@family/shared';

// Read the raw text: implicit conversion would already have turned 'false' into true.
const asBoolean = ({ obj, key }: { obj: Record<string, unknown>; key: string }) =>
  ['true', '1', true].includes(obj[key] as string);

export class GatewayConfig {
  @IsInt({ message: 'PORT must be a port number' })
  @Min(1)
  @Max(65535)
  PORT: number = 8080;

  /** The address the archive is reached on; 0.0.0.0 lets the rest of the home network in. */
  @IsOptional()
  @IsString()
  HOST: string = '0.0.0.0';

  @IsString({ message: 'SESSION_SECRET must be set (a long random string that signs session cookies)' })
  @MinLength(16, { message: 'SESSION_SECRET must be at least 16 characters' })
  SESSION_SECRET!: string;

  @IsString({ message: 'INTERNAL_SECRET must be set (a long random string shared by the gateway and services)' })
  @MinLength(16, { message: 'INTERNAL_SECRET must be at least 16 characters' })
  INTERNAL_SECRET!: string;

  /** Sessions and login counters live in Redis when set, else in this process's memory. */
  @IsOptional()
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['redis', 'rediss'] },
    { message: 'REDIS_URL must be a redis:// address' },
  )
  REDIS_URL?: string;

  /** Cookies only over HTTPS. Behind a TLS proxy with TRUST_PROXY set this happens by itself. */
  @IsOptional()
  @Transform(asBoolean)
  @IsBoolean()
  COOKIE_SECURE: boolean = false;

  /** Every member must set up two-step sign-in before anything else (docs/rights.md "Two-step sign-in"). */
  @IsOptional()
  @Transform(asBoolean)
  @IsBoolean({ message: 'REQUIRE_2FA must be true or false' })
  REQUIRE_2FA: boolean = false;

  /** Express "trust proxy": how many reverse proxies stand in front (e.g. 1), or false. */
  @IsOptional()
  @IsString()
  TRUST_PROXY: string = 'false';

  /** Extra origins allowed to send changes (comma-separated); the archive's own address is always allowed. */
  @IsOptional()
  @IsString()
  APP_ORIGIN?: string;

  /** How much the gateway writes in its log, as for the services. */
  @IsOptional()
  @IsIn(['error', 'warn', 'log', 'debug'], { message: 'LOG_LEVEL must be one of error, warn, log, debug' })
  LOG_LEVEL: 'error' | 'warn' | 'log' | 'debug' = 'warn';

  /** The built web app. */
  @IsOptional()
  @IsString()
  WEB_DIST?: string;

  @IsServiceUrl('auth')
  AUTH_URL!: string;

  @IsServiceUrl('profile')
  PROFILE_URL!: string;

  @IsServiceUrl('media')
  MEDIA_URL!: string;

  @IsServiceUrl('albums')
  ALBUMS_URL!: string;

  @IsServiceUrl('family')
  FAMILY_URL!: string;
}

/** Express's "trust proxy" setting from TRUST_PROXY: a hop count, true/false, or addresses. */
export function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
