import { verifyWebhook as coreVerify, signWebhook } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { Quire } from './client';
import { unwrapWebhook, verifyWebhook, WebhookVerificationError } from './webhook-signature';

const SECRET = 'whsec_test_0123456789abcdefghijklmnopqrstuvwxyz';
const OTHER = 'whsec_other_0123456789abcdefghijklmnopqrstuvwxyz';
const T = 1_780_000_000;
const AT_T = new Date(T * 1000);
const EVENT = {
  id: 'evt_123456789',
  type: 'report.completed',
  created_at: '2026-05-28T20:26:40.000Z',
  data: { object: { object: 'report', id: 'rep_1', note: 'café ✓' } },
};
const BODY = JSON.stringify(EVENT);

describe('verifyWebhook, against @quire/core’s signWebhook', () => {
  it('accepts what core signed (string or bytes), and says when', async () => {
    const header = await signWebhook({ secret: SECRET, timestamp: T, body: BODY });
    expect(await verifyWebhook({ secret: SECRET, header, body: BODY, now: AT_T })).toEqual({ ok: true, timestamp: T });
    expect(await verifyWebhook({ secret: SECRET, header, body: new TextEncoder().encode(BODY), now: AT_T })).toEqual({
      ok: true,
      timestamp: T,
    });
  });

  it('answers exactly what core’s verifyWebhook answers, case by case', async () => {
    const header = await signWebhook({ secret: SECRET, timestamp: T, body: BODY });
    const rotated = await signWebhook({ secret: [OTHER, SECRET], timestamp: T, body: BODY });
    const [t, v1] = header.split(',') as [string, string];
    const cases: { secret: string | string[]; header: string | string[] | undefined; body: string; now: Date }[] = [
      { secret: SECRET, header, body: BODY, now: AT_T },
      { secret: OTHER, header, body: BODY, now: AT_T },
      { secret: [OTHER, SECRET], header, body: BODY, now: AT_T },
      { secret: SECRET, header: rotated, body: BODY, now: AT_T },
      { secret: SECRET, header, body: `${BODY} `, now: AT_T },
      { secret: SECRET, header: header.replace(`t=${T}`, `t=${T + 1}`), body: BODY, now: AT_T },
      { secret: SECRET, header, body: BODY, now: new Date((T + 301) * 1000) },
      { secret: SECRET, header, body: BODY, now: new Date((T - 301) * 1000) },
      { secret: SECRET, header, body: BODY, now: new Date((T + 300) * 1000) },
      { secret: SECRET, header: `${t}, v0=abc, ${v1}, v2=${'f'.repeat(64)}`, body: BODY, now: AT_T },
      { secret: SECRET, header: [t, v1], body: BODY, now: AT_T },
      { secret: SECRET, header: `t=${T + 10_000},v1=${'0'.repeat(64)}`, body: BODY, now: AT_T },
      ...[undefined, '', '   ', 'garbage', v1, t, `${t},v1=`, `${t},v1=${'A'.repeat(64)}`, `${t},${t},${v1}`].map(
        (h) => ({ secret: SECRET, header: h, body: BODY, now: AT_T }),
      ),
      { secret: SECRET, header: `t=1.5,${v1}`, body: BODY, now: AT_T },
      { secret: SECRET, header: `t=${T * 1_000_000},${v1}`, body: BODY, now: AT_T },
      { secret: SECRET, header: `${t},,${v1}`, body: BODY, now: AT_T },
    ];
    for (const options of cases) {
      expect(await verifyWebhook(options), JSON.stringify(options.header)).toEqual(await coreVerify(options));
    }
  });

  it('refuses an empty secret, as core does', async () => {
    await expect(verifyWebhook({ secret: '', header: 't=1,v1=x', body: '' })).rejects.toThrow(/non-empty/);
    await expect(verifyWebhook({ secret: [], header: 't=1,v1=x', body: '' })).rejects.toThrow(/non-empty/);
  });
});

describe('unwrapping a webhook request', () => {
  it('verifies and parses, with web Headers or Node’s headers object', async () => {
    const now = Math.floor(Date.now() / 1000);
    const header = await signWebhook({ secret: SECRET, timestamp: now, body: BODY });
    const quire = new Quire({ apiKey: 'k' });
    expect(await quire.webhooks.unwrap(BODY, new Headers({ 'Quire-Signature': header }), SECRET)).toEqual(EVENT);
    expect(await unwrapWebhook(Buffer.from(BODY), { 'quire-signature': header, host: 'x' }, [OTHER, SECRET])).toEqual(
      EVENT,
    );
  });

  it('throws WebhookVerificationError with the reason as its code', async () => {
    const header = await signWebhook({ secret: OTHER, timestamp: T, body: BODY });
    const error = await unwrapWebhook(BODY, { 'quire-signature': header }, SECRET, { now: AT_T }).catch((e) => e);
    expect(WebhookVerificationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'signature_mismatch' });
    await expect(unwrapWebhook(BODY, {}, SECRET)).rejects.toMatchObject({ code: 'missing_header' });
  });
});
