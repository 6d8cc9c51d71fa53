/**
 * Blob keys are slash-separated paths such as `reports/team_1/rep_1.pdf`. Both blob stores accept the same keys,
 * so a deployment can move between them. The file store turns keys into paths, so a key must never leave its
 * directory: no `..` or `.` segments, no leading slash, no backslashes, nothing but letters, digits, `.`, `_`, `-`.
 * `~` is left out on purpose: the file store names its own temporary and sidecar files with it.
 */
const SEGMENT = /^[A-Za-z0-9._-]+$/;
const MAX_LENGTH = 512;

export class InvalidBlobKeyError extends Error {
  readonly code = 'invalid_blob_key';
  constructor(readonly key: string) {
    super(`Invalid blob key ${JSON.stringify(key)}: use segments of letters, digits, ".", "_" and "-" split by "/"`);
    this.name = 'InvalidBlobKeyError';
  }
}

export function assertBlobKey(key: string): string {
  const valid =
    typeof key === 'string' &&
    key.length > 0 &&
    key.length <= MAX_LENGTH &&
    key.split('/').every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
  if (!valid) throw new InvalidBlobKeyError(String(key));
  return key;
}
