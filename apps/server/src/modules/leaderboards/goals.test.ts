import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goals } from '../../db/schema.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { getCurrentGoal } from './goals.service.ts';
import { newFan, tip } from './tips.test-helper.ts';

describe('donation goals', () => {
  let testApp: TestApp;
  let owner: Record<string, string>;
  let stranger: Record<string, string>;
  let heldId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const ownerUser = await buildUser(db);
    const strangerUser = await buildUser(db);
    heldId = (
      await buildStreamer(db, {
        slug: 'goal-held',
        moderationMode: 'review',
        memberIds: [ownerUser.id],
      })
    ).id;
    await buildStreamer(db, {
      slug: 'goal-auto',
      moderationMode: 'auto',
      memberIds: [ownerUser.id],
    });
    owner = (await signIn(testApp.app, ownerUser.email, ownerUser.password)).headers;
    stranger = (await signIn(testApp.app, strangerUser.email, strangerUser.password)).headers;
  });
  afterAll(() => testApp.close());

  const request = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    options: { headers?: Record<string, string>; payload?: object } = {},
  ) =>
    testApp.app.inject({ method, url, headers: options.headers ?? {}, payload: options.payload });
  const publicGoal = async (slug: string) =>
    (await request('GET', `/api/streamers/${slug}/goal`)).json().goal;

  it('counts paid, approved tips made since the goal started, and before its end', async () => {
    const fan = newFan();
    const app = testApp.app;
    await tip(app, 'goal-held', { fan, amountPaise: 7_700 }); // before the goal: never counts
    const beforeButHeld = await tip(app, 'goal-held', { fan, amountPaise: 1_100 });

    const created = await request('POST', '/api/streamers/goal-held/goal', {
      headers: owner,
      payload: { title: 'New microphone', target_paise: 10_000 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().goal).toMatchObject({
      title: 'New microphone',
      target_paise: 10_000,
      raised_paise: 0,
      ends_at: null,
      status: 'active',
    });

    const approvedLater = await tip(app, 'goal-held', { fan, amountPaise: 3_000 });
    const rejected = await tip(app, 'goal-held', { fan, amountPaise: 50_000 });
    await tip(app, 'goal-held', { fan, amountPaise: 40_000, result: 'failed' });
    await tip(app, 'goal-held', { fan, amountPaise: 40_000, result: 'pending' });
    const stillHeld = await tip(app, 'goal-held', { fan, amountPaise: 2_000 });
    expect((await publicGoal('goal-held')).raised_paise).toBe(0);

    for (const [donation, decision] of [
      [approvedLater, 'approve'],
      [rejected, 'reject'],
      [beforeButHeld, 'approve'],
    ] as const) {
      const decided = await request('POST', `/api/donations/${donation.id}/${decision}`, {
        headers: owner,
      });
      expect(decided.statusCode).toBe(200);
    }
    // Only the tip made after the start and approved counts (held tips count once approved).
    expect((await publicGoal('goal-held')).raised_paise).toBe(3_000);
    await request('POST', `/api/donations/${stillHeld.id}/approve`, { headers: owner });
    expect((await publicGoal('goal-held')).raised_paise).toBe(5_000);

    // An end date in the past of a tip leaves that tip out, and the goal reads as ended.
    const db = testApp.database.db;
    const endsAt = new Date(Date.now() + 3_600_000);
    await db.update(goals).set({ endsAt }).where(eq(goals.streamerId, heldId));
    const afterEnd = await getCurrentGoal(db, heldId, new Date(endsAt.getTime() + 1));
    expect(afterEnd).toMatchObject({ raised_paise: 5_000, status: 'ended' });
    await db
      .update(goals)
      .set({ endsAt: new Date(stillHeld.createdAt.getTime()) })
      .where(eq(goals.streamerId, heldId));
    expect((await publicGoal('goal-held')).raised_paise).toBe(3_000);
  });

  it('reaches and passes its target, and a new goal starts again from zero', async () => {
    const fan = newFan();
    const first = await request('POST', '/api/streamers/goal-auto/goal', {
      headers: owner,
      payload: { title: 'Stream PC', target_paise: 10_000, ends_at: '2099-01-01T00:00:00+05:30' },
    });
    expect(first.json().goal.ends_at).toBe('2098-12-31T18:30:00.000Z');
    await tip(testApp.app, 'goal-auto', { fan, amountPaise: 6_000 });
    await tip(testApp.app, 'goal-auto', { fan, amountPaise: 6_000, anonymous: true });
    expect(await publicGoal('goal-auto')).toMatchObject({
      raised_paise: 12_000,
      target_paise: 10_000,
    });

    const edited = await request('PATCH', '/api/streamers/goal-auto/goal', {
      headers: owner,
      payload: { title: 'Stream PC, part 2', target_paise: 20_000, ends_at: null },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().goal).toMatchObject({
      id: first.json().goal.id,
      title: 'Stream PC, part 2',
      raised_paise: 12_000,
      ends_at: null,
    });

    const second = await request('POST', '/api/streamers/goal-auto/goal', {
      headers: owner,
      payload: { title: 'Camera', target_paise: 50_000 },
    });
    expect(second.json().goal).toMatchObject({ title: 'Camera', raised_paise: 0 });
    expect((await publicGoal('goal-auto')).id).toBe(second.json().goal.id);

    expect(
      (await request('DELETE', '/api/streamers/goal-auto/goal', { headers: owner })).statusCode,
    ).toBe(204);
    expect(await publicGoal('goal-auto')).toBeNull();
    const again = await request('DELETE', '/api/streamers/goal-auto/goal', { headers: owner });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('goal_not_found');
  });

  it('checks goals with the shared messages and lets only members change them', async () => {
    const post = (payload: object, headers = owner) =>
      request('POST', '/api/streamers/goal-auto/goal', { headers, payload });
    const message = async (payload: object) => (await post(payload)).json().error.message;
    expect(await message({ title: '  ', target_paise: 10_000 })).toBe(
      'Please give the goal a title.',
    );
    expect(await message({ title: 'x'.repeat(81), target_paise: 10_000 })).toBe(
      'The title must be at most 80 characters.',
    );
    expect(await message({ title: 'Mic', target_paise: 99 })).toBe(
      'Please enter a target between ₹1 and ₹1,00,00,000.',
    );
    expect(await message({ title: 'Mic', target_paise: 10_000, ends_at: 'tomorrow' })).toBe(
      'Please choose a valid end date.',
    );
    const past = await post({
      title: 'Mic',
      target_paise: 10_000,
      ends_at: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe('The end date must be in the future.');

    expect((await post({ title: 'Mic', target_paise: 10_000 }, {})).statusCode).toBe(401);
    expect((await post({ title: 'Mic', target_paise: 10_000 }, stranger)).statusCode).toBe(403);
    const patch = await request('PATCH', '/api/streamers/goal-auto/goal', {
      headers: stranger,
      payload: { title: 'Mine now' },
    });
    expect(patch.statusCode).toBe(403);
    expect((await request('GET', '/api/streamers/nobody/goal')).statusCode).toBe(404);
  });

  it('keeps one open goal per streamer when two are started at once', async () => {
    const start = (title: string) =>
      request('POST', '/api/streamers/goal-auto/goal', {
        headers: owner,
        payload: { title, target_paise: 10_000 },
      });
    const answers = await Promise.all([start('One'), start('Two'), start('Three')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const db = testApp.database.db;
    const open = (await db.select().from(goals)).filter((goal) => goal.closedAt === null);
    expect(open.filter((goal) => ['One', 'Two', 'Three'].includes(goal.title))).toHaveLength(1);
  });
});
