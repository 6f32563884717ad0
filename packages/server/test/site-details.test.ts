/**
 * GET /api/site: the contact details the website shows are the operator's configuration (README:
 * Contact messages), never made up in production, with placeholders only outside it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API_PATHS, siteDetailsResponseSchema } from '@ai-tools/contracts';
import { DEVELOPMENT_CONTACT_DETAILS, type Config } from '../src/config.ts';
import { makeApp } from './helpers/app.ts';

async function siteDetails(env: Partial<Record<keyof Config, string>>) {
  const app = await makeApp({ env });
  try {
    const response = await app.inject({ method: 'GET', url: API_PATHS.site });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    return siteDetailsResponseSchema.strict().parse(response.json());
  } finally {
    await app.close();
  }
}

test('the contact details are the ones the operator set', async () => {
  const details = await siteDetails({
    CONTACT_EMAIL: 'help@shop.test',
    CONTACT_WHATSAPP: '+44 7700 900123',
    CONTACT_PHONE: '+44 20 7946 0000',
  });
  assert.deepEqual(details, {
    contact: { email: 'help@shop.test', whatsApp: '+44 7700 900123', phone: '+44 20 7946 0000' },
  });
});

test('outside production an unset detail shows its placeholder and an empty one is hidden', async () => {
  const details = await siteDetails({ CONTACT_EMAIL: 'help@shop.test', CONTACT_WHATSAPP: '' });
  assert.deepEqual(details, {
    contact: { email: 'help@shop.test', phone: DEVELOPMENT_CONTACT_DETAILS.CONTACT_PHONE },
  });
  assert.deepEqual((await siteDetails({})).contact, {
    email: 'support@example.com',
    whatsApp: '+1 555 010 0199',
    phone: '+1 555 010 0100',
  });
});

test('in production a detail the operator did not set is not shown at all', async () => {
  const details = await siteDetails({ NODE_ENV: 'production', CONTACT_PHONE: '+44 20 7946 0000' });
  assert.deepEqual(details, { contact: { phone: '+44 20 7946 0000' } });
  assert.deepEqual((await siteDetails({ NODE_ENV: 'production' })).contact, {});
});

test('the call is described in the API docs', async () => {
  const app = await makeApp();
  try {
    const docs = (await app.inject({ method: 'GET', url: API_PATHS.docs })).json<{
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    }>();
    assert.ok(docs.paths[API_PATHS.site]?.get?.responses['200']);
  } finally {
    await app.close();
  }
});
