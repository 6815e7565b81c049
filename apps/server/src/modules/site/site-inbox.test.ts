import { inboxLeadListSchema, inboxMessageListSchema } from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, randomTestIp, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { toCsv } from './site-inbox.ts';

describe('admin inbox API', () => {
  let testApp: TestApp;
  let adminHeaders: Record<string, string>;
  let streamerHeaders: Record<string, string>;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const admin = await buildUser(db, { role: 'admin' });
    const streamer = await buildUser(db);
    adminHeaders = (await signIn(testApp.app, admin.email, admin.password)).headers;
    streamerHeaders = (await signIn(testApp.app, streamer.email, streamer.password)).headers;

    const post = (url: string, payload: object) =>
      testApp.app.inject({ method: 'POST', url, payload, remoteAddress: randomTestIp() });
    for (const name of ['First Lead', 'Second Lead']) {
      const response = await post('/api/site/leads', {
        name,
        mobile_number: '9876543210',
        youtube_channel: 'https://youtube.com/@x',
        email: `${name.replace(' ', '.')}@example.com`,
        plan: name === 'Second Lead' ? 'base' : undefined,
        age_confirmed: true,
      });
      expect(response.statusCode).toBe(201);
    }
    await post('/api/site/contact', {
      name: 'Formula',
      email: 'f@example.com',
      message: '=HYPERLINK("http://evil.example","click"), then\na new line',
      age_confirmed: true,
    });
  });
  afterAll(() => testApp.close());

  const get = (url: string, headers: Record<string, string> = adminHeaders) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it('lists leads newest first with only the presented fields', async () => {
    const response = await get('/api/admin/leads');
    expect(response.statusCode).toBe(200);
    const { leads } = inboxLeadListSchema.parse(response.json());
    expect(leads.map((lead) => lead.name)).toEqual(['Second Lead', 'First Lead']);
    expect(leads[0]).toEqual({
      id: expect.any(String),
      name: 'Second Lead',
      mobile_number: '9876543210',
      youtube_channel: 'https://youtube.com/@x',
      email: 'second.lead@example.com',
      instagram_handle: null,
      plan: 'base',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await get('/api/admin/leads?limit=1')).json().leads).toHaveLength(1);
    expect((await get('/api/admin/leads?limit=0')).statusCode).toBe(400);
  });

  it('lists contact messages', async () => {
    const { messages } = inboxMessageListSchema.parse(
      (await get('/api/admin/contact-messages')).json(),
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ name: 'Formula', phone: null, emailed_at: null });
  });

  it('exports CSV files that spreadsheets will not run as formulas', async () => {
    const leads = await get('/api/admin/leads.csv');
    expect(leads.statusCode).toBe(200);
    expect(leads.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(leads.headers['content-disposition']).toBe('attachment; filename="shabaash-leads.csv"');
    const [header, ...rows] = leads.body.trimEnd().split('\r\n');
    expect(header).toBe(
      'created_at,name,email,mobile_number,youtube_channel,instagram_handle,plan',
    );
    expect(rows).toHaveLength(2);

    const messages = await get('/api/admin/contact-messages.csv');
    expect(messages.body).toContain(
      `"'=HYPERLINK(""http://evil.example"",""click""), then\na new line"`,
    );
  });

  it('keeps streamers and anonymous callers out', async () => {
    for (const url of [
      '/api/admin/leads',
      '/api/admin/contact-messages',
      '/api/admin/leads.csv',
      '/api/admin/contact-messages.csv',
    ]) {
      expect((await get(url, streamerHeaders)).statusCode).toBe(403);
      expect((await get(url, {})).statusCode).toBe(401);
    }
  });
});

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and defuses formula-like cells', () => {
    expect(
      toCsv(
        [
          { a: 'plain', b: null },
          { a: 'x,"y"', b: '+91 98765' },
          { a: '-1', b: '@handle' },
        ],
        ['a', 'b'],
      ),
    ).toBe('a,b\r\nplain,\r\n"x,""y""",\'+91 98765\r\n\'-1,\'@handle\r\n');
  });
});
