import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Seals authenticator secrets before they are stored, so a copy of the database (a backup) does not hold them.
 * AES-256-GCM with a key derived from INTERNAL_SECRET: the archive's secrets file or environment holds the key,
 * the database never does (docs/architecture.md "Two-step sign-in").
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(internalSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', internalSecret, '', 'family-archive totp secret', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join(
      ':',
    );
  }

  /** Null when it cannot be opened (INTERNAL_SECRET changed since): the member then needs a reset code. */
  open(stored: string): string | null {
    const [version, iv, tag, sealed] = stored.split(':');
    if (version !== VERSION || !iv || !tag || !sealed) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
