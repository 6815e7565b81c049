import crypto from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { contactMessages, donations, userSignups } from '../../db/schema.ts';
import { SecretBox } from '../../lib/secrets.ts';
import { maskPhone } from '../donations/dashboard.presenter.ts';

/**
 * Fans' phone numbers at rest (issue 29, DPDP Rule 6): each is sealed with AES-256-GCM
 * (lib/secrets.ts) bound to its order id, and a keyed HMAC of it (a blind index) finds a fan's
 * tips without decrypting every row. Both keys are derived from one 32-byte key, so the index
 * cannot be recomputed from a database dump alone.
 */
export type PersonalData = {
  /** What a new donation stores instead of the clear number. */
  sealPhone(
    phone: string,
    orderId: string,
  ): { phoneEnc: string; phoneHash: string; phoneMasked: string };
  openPhone(phoneEnc: string, orderId: string): string;
  /** The blind index of a 10-digit number; the same number always gives the same value. */
  phoneIndex(phone: string): string;
  /** A keyed hash of a one-time code, bound to the phone it was sent to. */
  codeHash(code: string, phoneHash: string): string;
  /**
   * Seals another personal value (a lead's or contact message's phone) bound to `context`,
   * e.g. `lead-phone:<row id>`, so a sealed value copied to another row does not open.
   */
  seal(value: string, context: string): string;
  open(sealed: string, context: string): string;
};

/** The personal-data key, from the environment or (made once) in DATA_DIR. */
export function createPersonalData(
  config: Pick<Config, 'PERSONAL_DATA_KEY' | 'SECRETS_KEY' | 'dataDir'>,
): PersonalData {
  let keys: { box: SecretBox; index: Buffer } | null = null;
  // Read on first use: most tests and tools never touch a phone number.
  const ready = () => (keys ??= deriveKeys(masterKeyOf(config)));
  return {
    sealPhone(phone, orderId) {
      const { box, index } = ready();
      return {
        phoneEnc: box.seal(phone, phoneContext(orderId)),
        phoneHash: hmac(index, `phone:${phone}`),
        phoneMasked: maskPhone(phone),
      };
    },
    openPhone: (phoneEnc, orderId) => ready().box.open(phoneEnc, phoneContext(orderId)),
    phoneIndex: (phone) => hmac(ready().index, `phone:${phone}`),
    codeHash: (code, phoneHash) => hmac(ready().index, `code:${phoneHash}:${code}`),
    seal: (value, context) => ready().box.seal(value, context),
    open: (sealed, context) => ready().box.open(sealed, context),
  };
}

const phoneContext = (orderId: string) => `donation-phone:${orderId}`;

function hmac(key: Buffer, value: string): string {
  return crypto.createHmac('sha256', key).update(value, 'utf8').digest('base64url');
}

function deriveKeys(master: Buffer): { box: SecretBox; index: Buffer } {
  const derive = (label: string) =>
    Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), label, 32));
  return {
    box: new SecretBox(derive('shabaash personal data seal v1')),
    index: derive('shabaash personal data index v1'),
  };
}

/** The file the key lives in when neither PERSONAL_DATA_KEY nor SECRETS_KEY is set. */
export function personalDataKeyFileOf(dataDir: string): string {
  return path.join(dataDir, 'personal-data.key');
}

function masterKeyOf(
  config: Pick<Config, 'PERSONAL_DATA_KEY' | 'SECRETS_KEY' | 'dataDir'>,
): Buffer {
  const configured = config.PERSONAL_DATA_KEY ?? config.SECRETS_KEY;
  if (configured) return decodeKey(configured);
  const file = personalDataKeyFileOf(config.dataDir);
  try {
    return decodeKey(readFileSync(file, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = crypto.randomBytes(32).toString('base64');
  // 'wx': two processes starting at once must not each write a different key.
  try {
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return decodeKey(key);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return decodeKey(readFileSync(file, 'utf8').trim());
  }
}

function decodeKey(value: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
}

/** Rows sealed per statement by the start-up step. */
const SEAL_BATCH = 500;

/**
 * Seals the clear phone numbers of rows written before issue 29 (idempotent: a sealed row has
 * `phone` null). Runs at start-up; a later instance finds nothing to do.
 */
export async function sealLegacyPhones(
  db: Database,
  personalData: PersonalData,
  log: FastifyBaseLogger,
): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await db
      .select({ id: donations.id, orderId: donations.orderId, phone: donations.phone })
      .from(donations)
      .where(and(isNotNull(donations.phone), isNull(donations.phoneEnc)))
      .limit(SEAL_BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      const phone = row.phone ?? '';
      const values = personalData.sealPhone(phone, row.orderId);
      await db
        .update(donations)
        .set({ ...values, phone: null })
        .where(sql`${donations.id} = ${row.id} and ${donations.phone} is not null`);
    }
    sealed += rows.length;
  }
  if (sealed > 0) log.info({ sealed }, 'sealed phone numbers stored in clear before issue 29');
  return sealed;
}

/** The contexts a lead's and a contact message's phone are sealed with (their row ids). */
export const leadPhoneContext = (id: string) => `lead-phone:${id}`;
export const contactPhoneContext = (id: string) => `contact-phone:${id}`;

/**
 * Seals the clear phone numbers of leads and contact messages stored before they were
 * encrypted (issue 29), like `sealLegacyPhones` for tips: idempotent, as a sealed row has its
 * clear column null. Runs at start-up.
 */
export async function sealLegacySitePhones(
  db: Database,
  personalData: PersonalData,
  log: FastifyBaseLogger,
): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await db
      .select({ id: userSignups.id, phone: userSignups.mobileNumber })
      .from(userSignups)
      .where(isNotNull(userSignups.mobileNumber))
      .limit(SEAL_BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      await db
        .update(userSignups)
        .set({
          mobileNumberEnc: personalData.seal(row.phone ?? '', leadPhoneContext(row.id)),
          mobileNumber: null,
        })
        .where(sql`${userSignups.id} = ${row.id} and ${userSignups.mobileNumber} is not null`);
    }
    sealed += rows.length;
  }
  for (;;) {
    const rows = await db
      .select({ id: contactMessages.id, phone: contactMessages.phone })
      .from(contactMessages)
      .where(isNotNull(contactMessages.phone))
      .limit(SEAL_BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      await db
        .update(contactMessages)
        .set({
          phoneEnc: personalData.seal(row.phone ?? '', contactPhoneContext(row.id)),
          phone: null,
        })
        .where(sql`${contactMessages.id} = ${row.id} and ${contactMessages.phone} is not null`);
    }
    sealed += rows.length;
  }
  if (sealed > 0) log.info({ sealed }, 'sealed lead and contact phone numbers stored in clear');
  return sealed;
}
