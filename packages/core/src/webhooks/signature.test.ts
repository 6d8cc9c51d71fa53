import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, WEBHOOK_SIGNATURE_HEADER } from './signature';

const SECRET = 'whsec_test_0123456789abcdefghijklmnopqrstuvwxyz';
const OTHER = 'whsec_other_0123456789abcdefghijklmnopqrstuvwxyz';
const BODY = JSON.stringify({ id: 'evt_123456789', type: 'report.completed', note: 'café ✓' });
const T = 1_780_000_000;
const AT_T = new Date(T * 1000);

/** What a receiver with nothing but node:crypto computes, to pin the scheme down independently. */
const nodeHmac = (secret: string, t: number, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

describe('signWebhook', () => {
  it('names the header Quire-Signature', () => {
    expect(WEBHOOK_SIGNATURE_HEADER).toBe('Quire-Signature');
  });

  it('produces t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">, as node:crypto computes it', async () => {
    const header = await signWebhook({ secret: SECRET, timestamp: T, body: BODY });
    expect(header).toBe(`t=${T},v1=${nodeHmac(SECRET, T, BODY)}`);
  });

  it('signs the same bytes whether the body is a string or a Uint8Array', async () => {
    const bytes = new TextEncoder().encode(BODY);
    expect(await signWebhook({ secret: SECRET, timestamp: T, body: bytes })).toBe(
      await signWebhook({ secret: SECRET, timestamp: T, body: BODY }),
    );
  });

  it('adds one v1 value per secret, in order, for rotations', async () => {
    const header = await signWebhook({ secret: [SECRET, OTHER], timestamp: T, body: BODY });
    expect(header).toBe(`t=${T},v1=${nodeHmac(SECRET, T, BODY)},v1=${nodeHmac(OTHER, T, BODY)}`);
  });

  it('refuses a timestamp in milliseconds or a fraction, and an empty secret', async () => {
    await expect(signWebhook({ secret: SECRET, timestamp: 1.5, body: BODY })).rejects.toThrow(/whole Unix seconds/);
    await expect(signWebhook({ secret: '', timestamp: T, body: BODY })).rejects.toThrow(/non-empty/);
    await expect(signWebhook({ secret: [], timestamp: T, body: BODY })).rejects.toThrow(/non-empty/);
  });
});

describe('verifyWebhook', () => {
  const sign = (secret: string | string[] = SECRET, body = BODY, timestamp = T) =>
    signWebhook({ secret, timestamp, body });

  it('accepts what signWebhook produced, and returns its timestamp', async () => {
    const header = await sign();
    expect(await verifyWebhook({ secret: SECRET, header, body: BODY, now: AT_T })).toEqual({ ok: true, timestamp: T });
    expect(await verifyWebhook({ secret: SECRET, header, body: Buffer.from(BODY), now: AT_T })).toEqual({
      ok: true,
      timestamp: T,
    });
  });

  it('uses the current time when none is given', async () => {
    const now = Math.floor(Date.now() / 1000);
    const header = await sign(SECRET, BODY, now);
    expect(await verifyWebhook({ secret: SECRET, header, body: BODY })).toEqual({ ok: true, timestamp: now });
  });

  it('refuses a tampered body, a tampered timestamp, a tampered signature and the wrong secret', async () => {
    const header = await sign();
    const mismatch = { ok: false, reason: 'signature_mismatch' };
    expect(await verifyWebhook({ secret: SECRET, header, body: BODY.replace('café', 'cafe'), now: AT_T })).toEqual(
      mismatch,
    );
    expect(await verifyWebhook({ secret: SECRET, header, body: `${BODY} `, now: AT_T })).toEqual(mismatch);
    const shifted = header.replace(`t=${T}`, `t=${T + 1}`);
    expect(await verifyWebhook({ secret: SECRET, header: shifted, body: BODY, now: AT_T })).toEqual(mismatch);
    const last = header.at(-1) === '0' ? '1' : '0';
    const flipped = `${header.slice(0, -1)}${last}`;
    expect(await verifyWebhook({ secret: SECRET, header: flipped, body: BODY, now: AT_T })).toEqual(mismatch);
    expect(await verifyWebhook({ secret: OTHER, header, body: BODY, now: AT_T })).toEqual(mismatch);
  });

  it('refuses an authentic signature outside the tolerance, either way, and honours a custom tolerance', async () => {
    const header = await sign();
    const late = new Date((T + 301) * 1000);
    const early = new Date((T - 301) * 1000);
    const edge = new Date((T + 300) * 1000);
    const outside = { ok: false, reason: 'timestamp_out_of_tolerance' };
    expect(await verifyWebhook({ secret: SECRET, header, body: BODY, now: late })).toEqual(outside);
    expect(await verifyWebhook({ secret: SECRET, header, body: BODY, now: early })).toEqual(outside);
    expect((await verifyWebhook({ secret: SECRET, header, body: BODY, now: edge })).ok).toBe(true);
    expect(
      (
        await verifyWebhook({
          secret: SECRET,
          header,
          body: BODY,
          now: new Date((T + 3600) * 1000),
          toleranceSeconds: 7200,
        })
      ).ok,
    ).toBe(true);
    // A forged header with a fresh timestamp is a mismatch, not a tolerance problem: the signature is checked first.
    const forged = `t=${T + 10_000},v1=${'0'.repeat(64)}`;
    expect(await verifyWebhook({ secret: SECRET, header: forged, body: BODY, now: late })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  it('accepts any of several v1 values, so both secrets verify during a rotation', async () => {
    const header = await sign([OTHER, SECRET]);
    expect((await verifyWebhook({ secret: SECRET, header, body: BODY, now: AT_T })).ok).toBe(true);
    expect((await verifyWebhook({ secret: OTHER, header, body: BODY, now: AT_T })).ok).toBe(true);
    // A receiver may hold several secrets too (its old one and its new one).
    const single = await sign(OTHER);
    expect((await verifyWebhook({ secret: [SECRET, OTHER], header: single, body: BODY, now: AT_T })).ok).toBe(true);
    expect((await verifyWebhook({ secret: 'whsec_nope', header, body: BODY, now: AT_T })).ok).toBe(false);
  });

  it('ignores unknown schemes and spaces around parts, and takes a header Node split into several', async () => {
    const header = await sign();
    const [t, v1] = header.split(',') as [string, string];
    const decorated = `${t}, v0=abc, ${v1}, v2=${'f'.repeat(64)}`;
    expect((await verifyWebhook({ secret: SECRET, header: decorated, body: BODY, now: AT_T })).ok).toBe(true);
    expect((await verifyWebhook({ secret: SECRET, header: [t, v1], body: BODY, now: AT_T })).ok).toBe(true);
  });

  it('tells a missing header from a malformed one', async () => {
    const missing = { ok: false, reason: 'missing_header' };
    const malformed = { ok: false, reason: 'malformed_header' };
    for (const header of [undefined, null, '', '   ']) {
      expect(await verifyWebhook({ secret: SECRET, header, body: BODY, now: AT_T })).toEqual(missing);
    }
    const v1 = `v1=${nodeHmac(SECRET, T, BODY)}`;
    for (const header of [
      'garbage',
      v1,
      `t=${T}`,
      `t=${T},v1=`,
      `t=${T},v1=${'z'.repeat(64)}`,
      `t=${T},v1=${'a'.repeat(63)}`,
      `t=${T},v1=${'A'.repeat(64)}`,
      `t=-5,${v1}`,
      `t=1.5,${v1}`,
      `t=${T * 1000 * 1000},${v1}`,
      `t=${T},t=${T},${v1}`,
      `t=${T},,${v1}`,
      `=${T},${v1}`,
    ]) {
      expect(await verifyWebhook({ secret: SECRET, header, body: BODY, now: AT_T }), header).toEqual(malformed);
    }
  });
});
