import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';

/**
 * Secrets at rest (integration tokens, PKCE verifiers; decision 065): AES-256-GCM with a random 12-byte
 * nonce per value, stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). A value changed in the database
 * does not decrypt (the tag fails), so a tampered token is never used.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The integration secret key must be 32 bytes');
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, nonce, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('Not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/**
 * The box of this server: INTEGRATION_SECRET_KEY when set; else a key made once in the data directory
 * (mode 0600), which is enough for one machine and is what the demo and the tests use.
 */
export function secretBoxFor(config: { INTEGRATION_SECRET_KEY?: string; DATA_DIR: string }): SecretBox {
  if (config.INTEGRATION_SECRET_KEY)
    return new SecretBox(Buffer.from(config.INTEGRATION_SECRET_KEY, 'base64'));
  const file = path.join(config.DATA_DIR, 'integration-secret.key');
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      // Another process made it first: read theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    chmodSync(file, 0o600);
  }
  return new SecretBox(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
}
