import { newSecretToken } from '../crypto/ids';
import type { Store } from '../store/port';
import type { EmbedPermission } from './scope';

/** What every embed token starts with: an API key is `qk_…`, a session token a JWT (`ey…`). */
export const EMBED_TOKEN_PREFIX = 'qe_';
/** `qe_` and 256 random bits in base64url. */
const EMBED_TOKEN_SHAPE = /^qe_[A-Za-z0-9_-]{43}$/;

/** Default and longest lifetimes (seconds): a browser holds the token, so it is short-lived. */
export const DEFAULT_EMBED_TTL_SECONDS = 15 * 60;
export const MAX_EMBED_TTL_SECONDS = 60 * 60;
export const MIN_EMBED_TTL_SECONDS = 60;

export interface EmbedTokenRecord {
  id: string;
  teamId: string;
  /** hashSecret of the token: the token itself is never stored. */
  hash: string;
  /** The templates it may open, as minted. */
  templateIds: string[];
  /** Whether it may create templates. */
  newTemplates: boolean;
  /** Templates it created: they join its scope. */
  createdTemplateIds: string[];
  /** Bumped with each created template: the guard of the read-modify-write that adds one. */
  createdCount: number;
  permissions: EmbedPermission[];
  /** The API key that minted it (null when a person did): revoking the key ends the token. */
  apiKeyId: string | null;
  /** The person who minted it (null for a key): removing them from the team ends the token. */
  userId: string | null;
  createdAt: string;
  expiresAt: string;
}

export const newEmbedToken = () => `${EMBED_TOKEN_PREFIX}${newSecretToken()}`;

/** Whether a bearer token is shaped as an embed token (checked before any lookup). */
export const isEmbedTokenShape = (token: string) => EMBED_TOKEN_SHAPE.test(token);

export const openEmbedTokens = (store: Store) =>
  store.collection<EmbedTokenRecord>({ name: 'embed_tokens', unique: ['hash'], indexes: ['expiresAt'] });
