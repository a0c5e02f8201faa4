// Invitations, accepting them, and password-reset links (D11): single-use secrets valid 72 hours,
// shown once; accepting answers exactly like a sign-in; used, revoked and expired links are 400s
// that create nothing; the command line prints the same invitation. The end-of-run scan
// (global-setup.ts) proves no link secret appears beyond the answer that made it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { baseUrl, call, errorPaths, expectError, newCompany, registerLinkSecret } from './helpers';
import { accept, CONSOLE, eventsOf, fromAddress, invite, newMember, newTeam, PASSWORD, sessionToken, signIn, tokenOf, uniqueEmail } from './people';

const run = promisify(execFile);

describe('POST /invitations and accepting', () => {
  it('answers the invitation with an absolute single-use link, lists it without the secret, and accepting answers exactly like a sign-in', async () => {
    const team = await newTeam();
    const email = uniqueEmail('editor');
    const res = await invite(team.owner.token, { email: ` ${email.toUpperCase()} `, role: 'editor', sectors: ['support', 'support', 'sales'] });
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data).toEqual({ id: expect.any(String), email, role: 'editor', sectors: ['support', 'sales'], expiresAt: expect.any(String), url: expect.any(String), emailed: false });
    const url = new URL(data.url);
    expect(url.origin).toBe(baseUrl());
    expect(url.pathname).toBe('/accept');
    expect(tokenOf(data.url).length).toBeGreaterThanOrEqual(40);
    const hours = (Date.parse(data.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71);
    expect(hours).toBeLessThanOrEqual(72);
    // Stored as a hash only.
    const row = await db().invitation.findUniqueOrThrow({ where: { id: data.id } });
    expect(row.hash).not.toContain(tokenOf(data.url));
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);

    const pending = await call('/invitations', { token: team.owner.token });
    expect(pending.status).toBe(200);
    expect(pending.body.data.items).toEqual([{ id: data.id, email, role: 'editor', sectors: ['support', 'sales'], expiresAt: data.expiresAt, createdAt: expect.any(String) }]);

    const joined = await accept(tokenOf(data.url), 'Edith Editor');
    expect(joined.status).toBe(200);
    const userId = joined.body.data.user.id;
    const again = await signIn(email);
    expect(again.status).toBe(200);
    expect(joined.body).toEqual(again.body);
    expect(joined.body).toEqual({
      status: 'OK',
      data: {
        user: { id: userId, name: 'Edith Editor', email },
        company: { id: team.company.id, name: team.company.name },
        actor: { kind: 'user', id: userId, name: 'Edith Editor' },
        role: 'editor',
        sectors: ['support', 'sales'],
        expiresIn: 3600,
      },
    });
    const names = (r: typeof joined) => r.headers.getSetCookie().map((c) => c.split('=')[0]).sort();
    expect(names(joined)).toEqual(names(again));
    expect(names(joined)).toEqual(['aoc_device', 'aoc_refresh', 'aoc_session']);

    // Signed in with the invitation's role and sectors.
    const members = await call('/members', { token: sessionToken(joined) });
    expect(members.status).toBe(200);
    const me = members.body.data.items.find((m: { id: string }) => m.id === userId);
    expect(me).toEqual({ id: userId, name: 'Edith Editor', email, role: 'editor', sectors: ['support', 'sales'], lastSignInAt: expect.any(String) });
    expect((await call('/invitations', { token: team.owner.token })).body.data.items).toEqual([]);

    const actions = (await eventsOf(team.company.id)).map((e) => [e.action, e.actorKind, e.actorName]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['member-invited', 'user', 'Olive Owner'],
        ['member-joined', 'user', 'Edith Editor'],
        ['signed-in', 'user', 'Edith Editor'],
      ]),
    );
  });

  it('refuses a link used twice: 400 naming token, and nothing is created', async () => {
    const team = await newTeam();
    const res = await invite(team.owner.token, { email: uniqueEmail(), role: 'viewer' });
    const secret = tokenOf(res.body.data.url);
    expect((await accept(secret, 'First')).status).toBe(200);
    const second = await accept(secret, 'Second');
    expectError(second, 400);
    expect(errorPaths(second)).toEqual(['token']);
    expect(second.headers.getSetCookie()).toEqual([]);
    expect(await db().user.count({ where: { companyId: team.company.id, name: 'Second' } })).toBe(0);
  });

  it('of two accepts of one link at once, exactly one joins', async () => {
    const team = await newTeam();
    const res = await invite(team.owner.token, { email: uniqueEmail(), role: 'viewer' });
    const secret = tokenOf(res.body.data.url);
    const answers = await Promise.all([accept(secret, 'Racer A'), accept(secret, 'Racer B')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await db().user.count({ where: { companyId: team.company.id, name: { startsWith: 'Racer' } } })).toBe(1);
  });

  it('refuses a revoked link; revoking writes an event and the list forgets it', async () => {
    const team = await newTeam();
    const email = uniqueEmail();
    const res = await invite(team.owner.token, { email, role: 'editor' });
    const revoked = await call(`/invitations/${res.body.data.id}`, { method: 'DELETE', token: team.owner.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ id: res.body.data.id, email, role: 'editor' });
    expect(revoked.text).not.toContain(tokenOf(res.body.data.url));
    expectError(await call(`/invitations/${res.body.data.id}`, { method: 'DELETE', token: team.owner.token }), 404);
    expect(errorPaths(expectErrorRes(await accept(tokenOf(res.body.data.url))))).toEqual(['token']);
    expect(await db().user.count({ where: { email } })).toBe(0);
    expect((await call('/invitations', { token: team.owner.token })).body.data.items).toEqual([]);
    expect((await eventsOf(team.company.id)).map((e) => e.action)).toContain('invitation-revoked');
  });

  it('refuses an expired link (the clock moved by the row), and resending gives a new link whose old one dies', async () => {
    const team = await newTeam();
    const email = uniqueEmail();
    const res = await invite(team.owner.token, { email, role: 'editor' });
    const id = res.body.data.id;
    await db().invitation.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(errorPaths(expectErrorRes(await accept(tokenOf(res.body.data.url))))).toEqual(['token']);
    expect(await db().user.count({ where: { email } })).toBe(0);
    expect((await call('/invitations', { token: team.owner.token })).body.data.items).toEqual([]);

    const resent = await call(`/invitations/${id}/resend`, { method: 'POST', token: team.owner.token });
    expect(resent.status).toBe(200);
    registerLinkSecret(resent.body.data.url);
    expect(resent.body.data).toMatchObject({ id, email, role: 'editor' });
    expect(tokenOf(resent.body.data.url)).not.toBe(tokenOf(res.body.data.url));
    expect(Date.parse(resent.body.data.expiresAt)).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    expect(errorPaths(expectErrorRes(await accept(tokenOf(res.body.data.url))))).toEqual(['token']);
    expect((await accept(tokenOf(resent.body.data.url))).status).toBe(200);
  });

  it('refuses an email that is already a member anywhere (409), and an accept whose email was taken meanwhile creates nothing', async () => {
    const team = await newTeam();
    const other = await newTeam();
    expectError(await invite(team.owner.token, { email: other.owner.email, role: 'viewer' }), 409);

    const email = uniqueEmail();
    const first = await invite(team.owner.token, { email, role: 'viewer' });
    const second = await invite(other.owner.token, { email, role: 'editor' });
    expect((await accept(tokenOf(second.body.data.url))).status).toBe(200);
    expectError(await accept(tokenOf(first.body.data.url)), 409);
    expect(await db().user.count({ where: { email } })).toBe(1);
  });

  it('validates the body (400 naming the field) and the console header (401)', async () => {
    const team = await newTeam();
    const bad = await call('/invitations', { method: 'POST', token: team.owner.token, body: { email: 'nope', role: 'emperor', sectors: [''] } });
    expectError(bad, 400);
    expect(errorPaths(bad).sort()).toEqual(['email', 'role', 'sectors.0']);
    expectError(await call('/invitations/accept', { method: 'POST', headers: fromAddress(), body: { token: 'x', name: 'n', password: PASSWORD } }), 401);
    const short = await call('/invitations/accept', { method: 'POST', headers: { ...CONSOLE, ...fromAddress() }, body: { token: 'x', name: ' ', password: 'short' } });
    expect(errorPaths(short).sort()).toEqual(['name', 'password']);
  });

  it('lets only an owner invite an owner, and a sector-limited admin only within its sectors', async () => {
    const team = await newTeam();
    const admin = await newMember(team, 'admin');
    const limited = await newMember(team, 'admin', ['support']);
    expect(expectError(await invite(admin.token, { email: uniqueEmail(), role: 'owner' }), 403).message).toMatch(/owner/);
    expect((await invite(admin.token, { email: uniqueEmail(), role: 'admin' })).status).toBe(201);
    expect(expectError(await invite(limited.token, { email: uniqueEmail(), role: 'editor', sectors: ['support', 'sales'] }), 403).message).toMatch(/"sales"/);
    expectError(await invite(limited.token, { email: uniqueEmail(), role: 'editor' }), 403);
    expect((await invite(limited.token, { email: uniqueEmail(), role: 'editor', sectors: ['support'] })).status).toBe(201);
    // An editor is below invitations altogether; an API key (admin) may invite up to admin.
    const editor = await newMember(team, 'editor');
    expect(expectError(await invite(editor.token, { email: uniqueEmail(), role: 'viewer' }), 403).message).toMatch(/admin/);
    expect((await invite(team.company.token, { email: uniqueEmail(), role: 'viewer' })).status).toBe(201);
    const byKey = await eventsOf(team.company.id);
    expect(byKey.at(-1)).toMatchObject({ action: 'member-invited', actorKind: 'apiKey', actorId: team.company.apiKeyId });
  });

  it("answers another company's invitation id with 404", async () => {
    const team = await newTeam();
    const other = await newTeam();
    const res = await invite(other.owner.token, { email: uniqueEmail(), role: 'viewer' });
    expectError(await call(`/invitations/${res.body.data.id}`, { method: 'DELETE', token: team.owner.token }), 404);
    expectError(await call(`/invitations/${res.body.data.id}/resend`, { method: 'POST', token: team.owner.token }), 404);
  });
});

/** The error envelope of a 400 (for chaining into errorPaths). */
function expectErrorRes<T extends Parameters<typeof expectError>[0]>(res: T): T {
  expectError(res, 400);
  return res;
}

describe('password reset links', () => {
  it('issues a single-use link; using it sets the password, ends every session and answers like a sign-in', async () => {
    const team = await newTeam();
    const member = await newMember(team, 'editor');
    const issued = await call(`/members/${member.id}/reset-password`, { method: 'POST', token: team.owner.token });
    expect(issued.status).toBe(201);
    expect(issued.body.data).toEqual({ url: expect.any(String), expiresAt: expect.any(String), emailed: false });
    const secret = registerLinkSecret(issued.body.data.url);
    expect(new URL(issued.body.data.url).pathname).toBe('/reset-password');
    expect((await call('/members', { token: member.token })).status).toBe(200);

    const newPassword = 'a brand new password';
    const reset = await call('/session/reset-password', { method: 'POST', headers: { ...CONSOLE, ...fromAddress() }, body: { token: secret, password: newPassword } });
    expect(reset.status).toBe(200);
    expect(reset.body.data.user).toEqual({ id: member.id, name: member.name, email: member.email });
    expectError(await call('/members', { token: member.token }), 401);
    expect((await call('/members', { token: sessionToken(reset) })).status).toBe(200);
    expect((await signIn(member.email)).status).toBe(401);
    const signedIn = await signIn(member.email, newPassword);
    expect(signedIn.status).toBe(200);
    expect(reset.body).toEqual(signedIn.body);

    const reused = await call('/session/reset-password', { method: 'POST', headers: { ...CONSOLE, ...fromAddress() }, body: { token: secret, password: 'yet another password' } });
    expect(errorPaths(expectErrorRes(reused))).toEqual(['token']);
    // An invitation's link is no reset link, nor the other way round.
    const invitation = await invite(team.owner.token, { email: uniqueEmail(), role: 'viewer' });
    const crossed = await call('/session/reset-password', { method: 'POST', headers: { ...CONSOLE, ...fromAddress() }, body: { token: tokenOf(invitation.body.data.url), password: newPassword } });
    expectError(crossed, 400);
    const actions = (await eventsOf(team.company.id)).map((e) => `${e.action}:${e.actorName}`);
    expect(actions).toEqual(expect.arrayContaining(['password-reset:Olive Owner', `password-changed:${member.name}`]));
  });

  it('a new link replaces the last; an admin cannot reset an owner; another company is 404', async () => {
    const team = await newTeam();
    const member = await newMember(team, 'viewer');
    const first = await call(`/members/${member.id}/reset-password`, { method: 'POST', token: team.owner.token });
    registerLinkSecret(first.body.data.url);
    const second = await call(`/members/${member.id}/reset-password`, { method: 'POST', token: team.owner.token });
    registerLinkSecret(second.body.data.url);
    const use = (url: string) => call('/session/reset-password', { method: 'POST', headers: { ...CONSOLE, ...fromAddress() }, body: { token: tokenOf(url), password: PASSWORD } });
    expectError(await use(first.body.data.url), 400);
    expect((await use(second.body.data.url)).status).toBe(200);

    const admin = await newMember(team, 'admin');
    expectError(await call(`/members/${team.owner.id}/reset-password`, { method: 'POST', token: admin.token }), 403);
    const other = await newTeam();
    expectError(await call(`/members/${other.owner.id}/reset-password`, { method: 'POST', token: team.owner.token }), 404);
  });
});

describe('the command line', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/user.ts', ...args], { env: { ...process.env, PUBLIC_URL: '', SMTP_URL: '', ...env } });

  // Each command starts tsx and opens the database: minutes on a loaded machine, not seconds.
  const SLOW = { timeout: 180_000 };

  it('invites the first owner of a company made by company:create, and its link works', SLOW, async () => {
    const company = await newCompany();
    const email = uniqueEmail('first-owner');
    const { stdout } = await cli(['invite', '--company', company.id, '--email', email, '--role', 'owner']);
    const printed = JSON.parse(stdout);
    expect(printed).toEqual({ id: expect.any(String), email, role: 'owner', sectors: [], expiresAt: expect.any(String), url: expect.any(String), emailed: false });
    expect(printed.url).toMatch(/^http:\/\/localhost:\d+\/accept\?token=/);
    registerLinkSecret(printed.url);
    const joined = await accept(tokenOf(printed.url), 'First Owner');
    expect(joined.status).toBe(200);
    const members = await call('/members', { token: sessionToken(joined) });
    expect(members.body.data.items).toEqual([expect.objectContaining({ email, role: 'owner', sectors: [] })]);
    const invited = (await eventsOf(company.id)).find((e) => e.action === 'member-invited');
    expect(invited).toMatchObject({ actorKind: 'system', actorId: null, address: null });

    const reset = JSON.parse((await cli(['reset-password', '--email', email.toUpperCase()])).stdout);
    expect(reset).toEqual({ url: expect.stringMatching(/\/reset-password\?token=/), expiresAt: expect.any(String), emailed: false });
    registerLinkSecret(reset.url);
    const used = await call('/session/reset-password', { method: 'POST', headers: { ...CONSOLE, ...fromAddress() }, body: { token: tokenOf(reset.url), password: 'the owner password' } });
    expect(used.status).toBe(200);
  });

  it('refuses bad input with a message and exit code 1', SLOW, async () => {
    const company = await newCompany();
    await expect(cli(['invite', '--company', company.id, '--email', 'nope', '--role', 'owner'])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('email') });
    await expect(cli(['invite', '--company', 'no-such-company', '--email', uniqueEmail(), '--role', 'owner'])).rejects.toMatchObject({ code: 1 });
    await expect(cli(['reset-password', '--email', uniqueEmail()])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('no member') });
  });

  it('also e-mails the link when SMTP_URL is set, through a real SMTP server', SLOW, async () => {
    const mails: { to: string[]; text: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text: raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const port = (smtp.server.address() as AddressInfo).port;
      const company = await newCompany();
      const email = uniqueEmail('mailed');
      const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'console@acme.test' };
      const printed = JSON.parse((await cli(['invite', '--company', company.id, '--email', email, '--role', 'admin'], env)).stdout);
      expect(printed.emailed).toBe(true);
      registerLinkSecret(printed.url);
      expect(mails).toHaveLength(1);
      expect(mails[0].to).toEqual([email]);
      expect(mails[0].text).toContain(printed.url);
      expect(mails[0].text).toContain(company.name);
      expect((await accept(tokenOf(printed.url), 'Mailed Admin')).status).toBe(200);

      const reset = JSON.parse((await cli(['reset-password', '--email', email], env)).stdout);
      expect(reset.emailed).toBe(true);
      registerLinkSecret(reset.url);
      expect(mails).toHaveLength(2);
      expect(mails[1].text).toContain(reset.url);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
