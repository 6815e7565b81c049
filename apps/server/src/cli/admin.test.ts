import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { verifyCredentials } from '../modules/auth/auth.service.ts';
import { listAccessibleStreamers } from '../modules/streamers/streamers.service.ts';
import { describeError, runAdminCommand } from './admin.ts';

describe('admin CLI', () => {
  let database: TestDatabase;
  const run = (...argv: string[]) => runAdminCommand(database.db, argv);
  const failure = (...argv: string[]) =>
    run(...argv).then(
      () => 'succeeded',
      (error: unknown) => describeError(error),
    );

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('creates users, prints a generated password once, and refuses duplicates', async () => {
    const output = await run('create-user', 'Owner@Example.com');
    const password = /Password \(shown once\): (\S+)/.exec(output)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    await expect(
      verifyCredentials(database.db, { email: 'owner@example.com', password }),
    ).resolves.toMatchObject({
      role: 'streamer',
    });
    expect(await run('create-user', 'boss@example.com', '--password', 'boss-pass', '--admin')).toBe(
      'Created admin boss@example.com.',
    );
    expect(await failure('create-user', 'owner@example.com')).toMatch(/already exists/);
    expect(await failure('create-user', 'x@example.com', '--password', '123')).toBe(
      'Password must be at least 6 characters long.',
    );
  });

  it('creates streamers with valid, free, unreserved slugs only', async () => {
    expect(
      await run(
        'create-streamer',
        'priya-live',
        'Priya',
        'Live',
        '--color',
        '#FF8800',
        '--owner',
        'owner@example.com',
      ),
    ).toBe('Created streamer priya-live "Priya Live" owned by owner@example.com.');
    expect(await failure('create-streamer', 'dashboard', 'Dash')).toBe(
      'This slug is reserved. Please choose another.',
    );
    expect(await failure('create-streamer', 'Priya_Live', 'X')).toMatch(
      /lower-case letters, digits/,
    );
    expect(await failure('create-streamer', 'priya-live', 'Again')).toBe(
      'This slug is already taken.',
    );
    expect(
      await failure('create-streamer', 'colour-test', 'X', '--color', 'red; background:url(x)'),
    ).toMatch(/hex colour/);
    expect(
      await failure('create-streamer', 'nobody-owns', 'X', '--owner', 'ghost@example.com'),
    ).toMatch(/No user with e-mail ghost@example.com/);
  });

  it('grants and revokes memberships', async () => {
    await run('create-user', 'mod@example.com', '--password', 'mod-pass');
    const mod = await verifyCredentials(database.db, {
      email: 'mod@example.com',
      password: 'mod-pass',
    });
    expect(await listAccessibleStreamers(database.db, mod)).toEqual([]);

    expect(await run('grant', 'priya-live', 'mod@example.com', '--admin')).toBe(
      'mod@example.com is now a member of priya-live (admin).',
    );
    expect(await listAccessibleStreamers(database.db, mod)).toEqual([
      {
        streamer_slug: 'priya-live',
        streamer_name: 'Priya Live',
        brand_color: '#ff8800',
        is_admin: true,
      },
    ]);
    expect(await run('revoke', 'priya-live', 'mod@example.com')).toMatch(/no longer a member/);
    expect(await listAccessibleStreamers(database.db, mod)).toEqual([]);
    expect(await failure('grant', 'nope', 'mod@example.com')).toBe('No streamer with slug nope.');
  });

  it('resets a password', async () => {
    await run('reset-password', 'mod@example.com', '--password', 'fresh-pass');
    await expect(
      verifyCredentials(database.db, { email: 'mod@example.com', password: 'mod-pass' }),
    ).rejects.toThrow('Invalid email or password.');
    await expect(
      verifyCredentials(database.db, { email: 'mod@example.com', password: 'fresh-pass' }),
    ).resolves.toBeTruthy();
    expect(await failure('reset-password', 'ghost@example.com')).toBe(
      'No user with e-mail ghost@example.com.',
    );
  });

  it('explains its usage for an unknown command', async () => {
    expect(await failure('frobnicate')).toMatch(/^Usage: npm run admin/);
  });
});
