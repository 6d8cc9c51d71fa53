import { QuireError } from '@quire/core';
import { hashSecret, newId, newSecretToken } from '../crypto/ids';
import { type Collection, DuplicateKeyError, type Store } from '../store/port';

export interface UserRecord {
  id: string;
  /** Always lower case: the unique index then treats Ann@x and ann@x as one address. */
  email: string;
  password_hash: string;
  email_confirmed_at: string | null;
  full_name: string | null;
  created_at: string;
  updated_at: string;
}

export type EmailTokenKind = 'verify_email' | 'change_email' | 'reset_password';

/** A single-use emailed link. The id is the sha256 of the token in the link. */
interface EmailTokenRecord {
  id: string;
  kind: EmailTokenKind;
  user_id: string;
  /** The address the link was sent to: for change_email, the new address to apply. */
  email: string;
  expires_at: number;
  used_at: number | null;
}

export interface FactorSummary {
  id: string;
  factor_type: 'totp';
  status: 'verified' | 'unverified';
}

/** The user as the API shows it: never the hash. */
export function userJson(user: UserRecord, factors: FactorSummary[]) {
  return {
    id: user.id,
    email: user.email,
    email_confirmed_at: user.email_confirmed_at,
    user_metadata: { full_name: user.full_name },
    factors,
    created_at: user.created_at,
  };
}

export interface Users {
  records: Collection<UserRecord>;
  /** Creates the user; email_taken when the address is registered. */
  create(input: { email: string; passwordHash: string; fullName: string | null }): Promise<UserRecord>;
  byEmail(email: string): Promise<UserRecord | undefined>;
  byId(id: string): Promise<UserRecord | undefined>;
  update(id: string, set: Partial<Omit<UserRecord, 'id' | 'created_at'>>): Promise<UserRecord>;
  /** Creates a link token; only its hash is stored. */
  issueEmailToken(kind: EmailTokenKind, userId: string, email: string, ttlMs: number): Promise<string>;
  /** The live token record, without using it up. */
  peekEmailToken(kind: EmailTokenKind[], token: string): Promise<EmailTokenRecord | undefined>;
  /** Uses the token up, atomically: a second use (or a concurrent one) gets undefined. */
  consumeEmailToken(kind: EmailTokenKind[], token: string): Promise<EmailTokenRecord | undefined>;
  /** Ends every unused link of this kind the user was sent (using one reset link ends the others). */
  revokeEmailTokens(userId: string, kind: EmailTokenKind): Promise<number>;
}

export async function users(store: Store, now: () => Date): Promise<Users> {
  const records = await store.collection<UserRecord>({ name: 'users', unique: ['email'] });
  const emailTokens = await store.collection<EmailTokenRecord>({ name: 'email_tokens', indexes: ['user_id'] });

  const emailTaken = (error: unknown) => {
    if (error instanceof DuplicateKeyError) throw new QuireError('email_taken', { param: 'email' });
    throw error;
  };

  const liveFilter = (kinds: EmailTokenKind[], token: string) => ({
    id: hashSecret(token),
    kind: { $in: kinds },
    used_at: null,
    expires_at: { $gt: now().getTime() },
  });

  return {
    records,
    async create({ email, passwordHash, fullName }) {
      const at = now().toISOString();
      return records
        .insert({
          id: newId('usr'),
          email: email.toLowerCase(),
          password_hash: passwordHash,
          email_confirmed_at: null,
          full_name: fullName,
          created_at: at,
          updated_at: at,
        })
        .catch(emailTaken);
    },
    byEmail: (email) => records.findOne({ email: email.toLowerCase() }),
    byId: (id) => records.get(id),
    async update(id, set) {
      const updated = await records
        .updateOne({ id }, { set: { ...set, updated_at: now().toISOString() } })
        .catch(emailTaken);
      if (!updated) throw new QuireError('session_missing');
      return updated;
    },
    async issueEmailToken(kind, userId, email, ttlMs) {
      const token = newSecretToken();
      await emailTokens.insert({
        id: hashSecret(token),
        kind,
        user_id: userId,
        email,
        expires_at: now().getTime() + ttlMs,
        used_at: null,
      });
      return token;
    },
    peekEmailToken: (kinds, token) => emailTokens.findOne(liveFilter(kinds, token)),
    consumeEmailToken: (kinds, token) =>
      emailTokens.updateOne(liveFilter(kinds, token), { set: { used_at: now().getTime() } }),
    // Deleted rather than marked: an unused link has nothing worth keeping, and the lookup by hash then finds none.
    revokeEmailTokens: (userId, kind) => emailTokens.deleteMany({ user_id: userId, kind, used_at: null }),
  };
}
