import crypto from 'node:crypto';

/**
 * Secrets at rest (DESIGN.md, "Second wave"): AES-256-GCM with the server's SECRETS_KEY. A
 * sealed value is `v1.<iv>.<tag>.<ciphertext>` in base64url, so a future key or algorithm can
 * be told apart. `context` (e.g. "youtube:<streamer id>") is bound as associated data: a value
 * copied to another row does not open there.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes');
    this.key = key;
  }

  /** Encrypts a secret for storage. */
  seal(plaintext: string, context: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ['v1', iv, tag, ciphertext].map(encodePart).join('.');
  }

  /** Decrypts a sealed secret; throws when it was altered, or sealed with another key or context. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || ciphertext === undefined) {
      throw new Error('not a sealed secret');
    }
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, decodePart(iv));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(decodePart(tag));
    return Buffer.concat([decipher.update(decodePart(ciphertext)), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** The SecretBox of SECRETS_KEY (64 hex digits or base64 of 32 bytes), or null when it is unset. */
export function secretBoxOf(secretsKey: string | undefined): SecretBox | null {
  if (!secretsKey) return null;
  const key = /^[0-9a-f]{64}$/i.test(secretsKey)
    ? Buffer.from(secretsKey, 'hex')
    : Buffer.from(secretsKey, 'base64');
  return new SecretBox(key);
}

function encodePart(part: Buffer | string): string {
  return typeof part === 'string' ? part : part.toString('base64url');
}

function decodePart(part: string): Buffer {
  return Buffer.from(part, 'base64url');
}
