// Members (D11): the list, role and sector changes with who may make them, removal, the last
// owner, tokens retired by a change, tenancy; a person's own profile; the company's name; and the
// activity the console's sign-in, sign-out and password change write (D12).
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { call, errorPaths, expectError } from './helpers';
import { CONSOLE, eventsOf, fromAddress, newMember, newTeam, PASSWORD, sessionToken, signIn, uniqueEmail } from './people';

const put = (token: string, id: string, body: unknown) => call(`/members/${id}`, { method: 'PUT', token, body });
const remove = (token: string, id: string) => call(`/members/${id}`, { method: 'DELETE', token });

describe('GET /members', () => {
  it('lists every member with role, sectors and last sign-in, to a viewer too', async () => {
    const team = await newTeam();
    const viewer = await newMember(team, 'viewer', ['support']);
    const res = await call('/members', { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([
      { id: team.owner.id, name: 'Olive Owner', email: team.owner.email, role: 'owner', sectors: [], lastSignInAt: expect.any(String) },
      { id: viewer.id, name: 'viewer member', email: viewer.email, role: 'viewer', sectors: ['support'], lastSignInAt: expect.any(String) },
    ]);
    // Another company's members are not listed.
    const other = await newTeam();
    expect((await call('/members', { token: other.owner.token })).body.data.items.map((m: { id: string }) => m.id)).toEqual([other.owner.id]);
  });
});

describe('PUT and DELETE /members/{id}', () => {
  it('a demoted member is signed out at once (401), then signs in with its new role', async () => {
    const team = await newTeam();
    const editor = await newMember(team, 'editor');
    expect((await call('/members', { token: editor.token })).status).toBe(200);
    const res = await put(team.owner.token, editor.id, { role: 'viewer' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: editor.id, name: editor.name, email: editor.email, role: 'viewer', sectors: [], lastSignInAt: expect.any(String) });
    expectError(await call('/members', { token: editor.token }), 401);
    const again = sessionToken(await signIn(editor.email));
    expect((await call('/members', { token: again })).status).toBe(200);
    expect(expectError(await call(`/members/${team.owner.id}`, { method: 'PUT', token: again, body: { role: 'viewer' } }), 403).message).toMatch(/admin/);
    const changed = (await eventsOf(team.company.id)).filter((e) => e.action === 'member-changed');
    expect(changed).toEqual([expect.objectContaining({ actorId: team.owner.id, resourceId: editor.id })]);
  });

  it('a change of sectors retires the tokens too; a PUT that changes nothing keeps them', async () => {
    const team = await newTeam();
    const editor = await newMember(team, 'editor', ['a']);
    expect((await put(team.owner.token, editor.id, { role: 'editor', sectors: ['a'] })).status).toBe(200);
    expect((await call('/members', { token: editor.token })).status).toBe(200);
    expect((await put(team.owner.token, editor.id, { sectors: ['a', 'b'] })).body.data.sectors).toEqual(['a', 'b']);
    expectError(await call('/members', { token: editor.token }), 401);
  });

  it('never lets the last owner be demoted or removed (409), and changes nothing then', async () => {
    const team = await newTeam();
    expect(expectError(await put(team.owner.token, team.owner.id, { role: 'admin' }), 409).message).toMatch(/owner/);
    expectError(await remove(team.owner.token, team.owner.id), 409);
    expect((await call('/members', { token: team.owner.token })).status).toBe(200);
    // With a second owner, the first may step down (and is signed out by it).
    const second = await newMember(team, 'owner');
    expect((await put(team.owner.token, team.owner.id, { role: 'admin' })).status).toBe(200);
    expectError(await call('/members', { token: team.owner.token }), 401);
    expectError(await remove(second.token, second.id), 409);
    expect(await db().user.count({ where: { companyId: team.company.id, role: 'owner' } })).toBe(1);
  });

  it('of two owners demoting each other at once, one stays owner', async () => {
    const team = await newTeam();
    const second = await newMember(team, 'owner');
    const answers = await Promise.all([put(team.owner.token, second.id, { role: 'editor' }), put(second.token, team.owner.id, { role: 'editor' })]);
    // One wins; the other is refused: 409 (the last owner), 401 when the winner's change had
    // already retired its token before it was checked, or 403 when the token was read before that
    // change committed and the person's role (now editor) after it.
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    expect(await db().user.count({ where: { companyId: team.company.id, role: 'owner' } })).toBe(1);
  });

  it('removes a member: its tokens die, it cannot sign in, and the removal is an event', async () => {
    const team = await newTeam();
    const viewer = await newMember(team, 'viewer');
    const res = await remove(team.owner.token, viewer.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: viewer.id, email: viewer.email, role: 'viewer' });
    expectError(await call('/members', { token: viewer.token }), 401);
    expect((await signIn(viewer.email)).status).toBe(401);
    expectError(await remove(team.owner.token, viewer.id), 404);
    expect((await eventsOf(team.company.id)).map((e) => e.action)).toContain('member-removed');
  });

  it('lets only owners touch owners; an admin grants up to admin', async () => {
    const team = await newTeam();
    const admin = await newMember(team, 'admin');
    const editor = await newMember(team, 'editor');
    expectError(await put(admin.token, team.owner.id, { role: 'admin' }), 403);
    expectError(await remove(admin.token, team.owner.id), 403);
    expect(expectError(await put(admin.token, editor.id, { role: 'owner' }), 403).message).toMatch(/owner/);
    expect((await put(admin.token, editor.id, { role: 'admin' })).body.data.role).toBe('admin');
    // The API key (admin) follows the same rule.
    expectError(await put(team.company.token, team.owner.id, { sectors: ['x'] }), 403);
    expect((await db().user.findUniqueOrThrow({ where: { id: team.owner.id } })).role).toBe('owner');
    // An editor may change no one.
    const editor2 = await newMember(team, 'editor');
    expectError(await put(editor2.token, editor2.id, { role: 'admin' }), 403);
  });

  it('a sector-limited admin acts only within its sectors and cannot widen its own', async () => {
    const team = await newTeam();
    const limited = await newMember(team, 'admin', ['support']);
    const inside = await newMember(team, 'editor', ['support']);
    const outside = await newMember(team, 'editor', ['sales']);
    const whole = await newMember(team, 'editor');
    expect((await put(limited.token, inside.id, { role: 'viewer' })).status).toBe(200);
    expect(expectError(await put(limited.token, outside.id, { role: 'viewer' }), 403).message).toMatch(/"sales"/);
    expectError(await put(limited.token, whole.id, { role: 'viewer' }), 403);
    expectError(await remove(limited.token, outside.id), 403);
    expectError(await put(limited.token, limited.id, { sectors: ['support', 'sales'] }), 403);
    expectError(await put(limited.token, limited.id, { sectors: [] }), 403);
    expect((await db().user.findUniqueOrThrow({ where: { id: limited.id } })).sectors).toEqual(['support']);
  });

  it("answers another company's member id with 404, before any other rule", async () => {
    const team = await newTeam();
    const other = await newTeam();
    expectError(await put(team.owner.token, other.owner.id, { role: 'viewer' }), 404);
    expectError(await remove(team.owner.token, other.owner.id), 404);
    expectError(await put(team.owner.token, 'no-such-member', { role: 'viewer' }), 404);
    expect((await db().user.findUniqueOrThrow({ where: { id: other.owner.id } })).role).toBe('owner');
  });

  it('validates the body: 400 naming the field', async () => {
    const team = await newTeam();
    const viewer = await newMember(team, 'viewer');
    const res = await put(team.owner.token, viewer.id, { role: 'king', sectors: 'sales' });
    expectError(res, 400);
    expect(errorPaths(res).sort()).toEqual(['role', 'sectors']);
  });
});

describe('PUT /session/profile', () => {
  it('changes the own name and email; a taken email is a 409; an API key has no profile (403)', async () => {
    const team = await newTeam();
    const email = uniqueEmail('renamed');
    const res = await call('/session/profile', { method: 'PUT', token: team.owner.token, body: { name: ' Olivia ', email } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      user: { id: team.owner.id, name: 'Olivia', email },
      company: { id: team.company.id, name: team.company.name },
      actor: { kind: 'user', id: team.owner.id, name: 'Olivia' },
      role: 'owner',
      sectors: [],
    });
    expect((await signIn(email)).status).toBe(200);
    expect((await call('/session/profile', { method: 'PUT', token: team.owner.token, body: { name: 'Olivia', email } })).status).toBe(200);
    expect((await eventsOf(team.company.id)).filter((e) => e.action === 'member-changed')).toEqual([expect.objectContaining({ actorId: team.owner.id, actorName: 'Olivia' })]);
    const other = await newTeam();
    expectError(await call('/session/profile', { method: 'PUT', token: team.owner.token, body: { email: other.owner.email.toUpperCase() } }), 409);
    expect(expectError(await call('/session/profile', { method: 'PUT', token: team.company.token, body: { name: 'Key' } }), 403).message).toMatch(/API key/);
    expect(errorPaths(await call('/session/profile', { method: 'PUT', token: team.owner.token, body: { email: 'nope', name: '' } })).sort()).toEqual(['email', 'name']);
  });
});

describe('GET and PUT /company', () => {
  it('every member reads the company; only an owner renames it', async () => {
    const team = await newTeam();
    const viewer = await newMember(team, 'viewer');
    const admin = await newMember(team, 'admin');
    const read = await call('/company', { token: viewer.token });
    expect(read.body.data).toEqual({ id: team.company.id, name: team.company.name, createdAt: expect.any(String) });
    expect(expectError(await call('/company', { method: 'PUT', token: admin.token, body: { name: 'Hijacked' } }), 403).message).toMatch(/owner/);
    expectError(await call('/company', { method: 'PUT', token: team.owner.token, body: { name: '  ' } }), 400);
    const renamed = await call('/company', { method: 'PUT', token: team.owner.token, body: { name: ' Renamed Inc ' } });
    expect(renamed.body.data).toEqual({ id: team.company.id, name: 'Renamed Inc', createdAt: read.body.data.createdAt });
    expect((await call('/session', { token: viewer.token })).body.data.company.name).toBe('Renamed Inc');
  });
});

describe('security events of the console session (D12)', () => {
  it('records signed-in, sign-in-failed (named by the email typed), password-changed and signed-out, with address and user agent', async () => {
    const team = await newTeam();
    const address = fromAddress();
    const failed = await call('/session/sign-in', { method: 'POST', headers: { ...CONSOLE, ...address, 'user-agent': 'members-test' }, body: { email: team.owner.email, password: 'wrong password!' } });
    expect(failed.status).toBe(401);
    const changed = await call('/session/password', { method: 'PUT', token: team.owner.token, body: { currentPassword: PASSWORD, newPassword: 'another long password' } });
    expect(changed.status).toBe(200);
    const out = await call('/session/sign-out', { method: 'POST', headers: { ...CONSOLE, cookie: `aoc_session=${encodeURIComponent(team.owner.token)}` } });
    expect(out.status).toBe(200);
    const events = await eventsOf(team.company.id);
    expect(events.map((e) => e.action)).toEqual(['signed-in', 'sign-in-failed', 'password-changed', 'signed-out']);
    expect(events[1]).toMatchObject({ actorKind: 'user', actorId: null, actorName: team.owner.email, address: address['x-forwarded-for'], userAgent: 'members-test' });
    expect(events[3]).toMatchObject({ actorKind: 'user', actorId: team.owner.id });
    // Signing out an already ended session writes nothing more.
    await call('/session/sign-out', { method: 'POST', headers: { ...CONSOLE, cookie: `aoc_session=${encodeURIComponent(team.owner.token)}` } });
    expect(await db().activityEvent.count({ where: { companyId: team.company.id } })).toBe(4);
  });
});
