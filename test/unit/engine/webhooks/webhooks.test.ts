/**
 * unit (engine/webhooks): the retry waits, the signature, the settings from the environment and the
 * bodies Strapi 4.26.2 sends, built from a change of the example model. Pure.
 */
import { createHmac } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { retryDelay } from '../../../../engine/webhooks/backoff.js';
import { signPayload } from '../../../../engine/webhooks/sign-payload.js';
import { triggerTestPayload, webhookPayload } from '../../../../engine/webhooks/webhook-payload.js';
import { loadWebhookSettings } from '../../../../engine/config/webhook-settings.js';
import { ConfigError } from '../../../../engine/config/env-values.js';
import { model } from '../example-model.js';

test('retryDelay: doubles from the base, capped', () => {
  assert.equal([1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, 1000, 10_000)), [1000, 2000, 4000, 8000, 10_000, 10_000]);
  assert.is(retryDelay(500, 1000, 3_600_000), 3_600_000, 'no overflow');
});

test('signPayload: sha256=<hex HMAC-SHA256 of the exact body>', () => {
  const body = '{"event":"entry.create"}';
  assert.is(signPayload('s3cret', body), `sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`);
  assert.is.not(signPayload('s3cret', body), signPayload('s3cret', body + ' '));
});

test('loadWebhookSettings: defaults, limits, secrets by name with WEBHOOKS_SECRET behind', () => {
  const d = loadWebhookSettings({});
  assert.equal([d.deliver, d.pollMs, d.timeoutMs, d.maxAttempts, d.backoffMs, d.backoffMaxMs], [true, 1000, 10_000, 10, 1000, 3_600_000]);
  assert.ok(d.leaseMs > d.timeoutMs);
  assert.is(d.retentionMs, 7 * 86_400_000);
  assert.is(d.secretOf('HOOK'), undefined);
  const s = loadWebhookSettings({ HOOK: 'own', WEBHOOKS_SECRET: 'shared', WEBHOOKS_DELIVER: 'false' });
  assert.equal([s.secretOf('HOOK'), s.secretOf('OTHER'), s.secretOf(undefined), s.deliver], ['own', 'shared', 'shared', false]);
  assert.is(s.expand('Bearer ${env:HOOK}${env:UNSET} ${env:WEBHOOKS_SECRET}'), 'Bearer own shared');
  assert.is(s.expand('no $HOOK placeholder'), 'no $HOOK placeholder');
  assert.throws(() => loadWebhookSettings({ WEBHOOKS_MAX_ATTEMPTS: '0' }), (e: unknown) => e instanceof ConfigError);
  assert.throws(() => loadWebhookSettings({ WEBHOOKS_BACKOFF_MS: '5000', WEBHOOKS_BACKOFF_MAX_MS: '1000' }), (e: unknown) => e instanceof ConfigError);
});

test('webhookPayload: entry events as Strapi sends them, private attributes left out', () => {
  const createdAt = new Date('2026-05-01T10:00:00.000Z');
  const entry = { id: 7, title: 'Hello', internalNotes: 'secret', previewPassword: 'x', createdAt: '2026-05-01T09:59:59.000Z', updatedAt: '2026-05-01T09:59:59.000Z', publishedAt: null, tags: [{ id: 2, name: 'news' }] };
  assert.equal(webhookPayload(model, { event: 'entry.create', createdAt, uid: 'api::article.article', entry }), {
    event: 'entry.create',
    createdAt: '2026-05-01T10:00:00.000Z',
    model: 'article',
    uid: 'api::article.article',
    entry: { id: 7, title: 'Hello', createdAt: '2026-05-01T09:59:59.000Z', updatedAt: '2026-05-01T09:59:59.000Z', publishedAt: null, tags: [{ id: 2, name: 'news' }] },
  });
});

test('webhookPayload: media events carry `media`; trigger-test carries only event and time', () => {
  const createdAt = new Date('2026-05-01T10:00:00.000Z');
  const p = webhookPayload(model, { event: 'media.delete', createdAt, uid: 'plugin::upload.file', entry: { id: 3, name: 'a.png', mime: 'image/png' } });
  assert.equal(p, { event: 'media.delete', createdAt: '2026-05-01T10:00:00.000Z', media: { id: 3, name: 'a.png', mime: 'image/png' } });
  assert.equal(triggerTestPayload(createdAt), { event: 'trigger-test', createdAt: '2026-05-01T10:00:00.000Z' });
});

test.run();
