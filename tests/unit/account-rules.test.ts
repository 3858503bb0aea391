// The account forms as the server reads a post: each refused field gets its own sentence under it,
// limits hold at their exact edge (name 100, e-mail 254, a new password 6 to 200 characters as
// WordPress counts them, a password typed to prove who you are up to 4096), addresses and names are
// trimmed, passwords never are, and a field sent as a file is named in the answer.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, formText } from '~/forms/account';
import { parseDelete, parseForgot, parsePassword, parseProfile, parseReset } from '~/forms/account.server';

const post = (fields: Record<string, string | Blob>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};
const refused = (fields: Record<string, string>) => ({ ok: false, fields });
const email = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('forgot password', () => {
  it.each([
    ['', M.emailRequired],
    ['   ', M.emailRequired],
    ['not-an-address', M.invalidEmail],
    [email(255), M.emailTooLong],
  ])('refuses %j with its sentence', (value, sentence) => {
    expect(parseForgot(post({ email: value }))).toEqual(refused({ email: sentence }));
  });

  it('takes an address at the 254-character limit, trimmed', () => {
    expect(parseForgot(post({ email: ` ${email(254)} ` }))).toEqual({ ok: true, data: { email: email(254) } });
  });

  it('names the field sent as a file', () => {
    expect(parseForgot(post({ email: new Blob(['x']) }))).toEqual(refused({ email: 'E-mail must be text.' }));
  });
});

describe('reset password', () => {
  it('asks for both fields when nothing is typed', () => {
    expect(parseReset(post({}))).toEqual(refused({ password: M.newPasswordRequired, confirmPassword: M.confirmRequired }));
  });

  it.each([
    ['12345', M.passwordTooShort],
    ['  12345  ', M.passwordTooShort],
    ['x'.repeat(201), M.passwordTooLong],
  ])('refuses the new password %j', (password, sentence) => {
    expect(parseReset(post({ password, confirmPassword: password }))).toEqual(refused({ password: sentence }));
  });

  it('takes 6 and 200 characters, kept as typed', () => {
    for (const password of ['123456', 'x'.repeat(200), ' 123456 ']) {
      expect(parseReset(post({ password, confirmPassword: password }))).toEqual({
        ok: true,
        data: { password, confirmPassword: password },
      });
    }
  });

  it('says when the repetition differs, and not when there is no password to repeat', () => {
    expect(parseReset(post({ password: 'secret-1', confirmPassword: 'secret-2' }))).toEqual(
      refused({ confirmPassword: M.passwordsDoNotMatch }),
    );
    expect(parseReset(post({ password: '', confirmPassword: 'secret-2' }))).toEqual(refused({ password: M.newPasswordRequired }));
  });
});

describe('account details', () => {
  it.each([
    [
      { displayName: '', email: '' },
      { displayName: M.nameRequired, email: M.emailRequired },
    ],
    [{ displayName: '  ', email: 'a@example.com' }, { displayName: M.nameRequired }],
    [
      { displayName: 'x'.repeat(101), email: 'nope' },
      { displayName: M.nameTooLong, email: M.invalidEmail },
    ],
  ])('refuses %j', (fields, sentences) => {
    expect(parseProfile(post(fields))).toEqual(refused(sentences));
  });

  it('takes a 100-character name and trims both fields', () => {
    expect(parseProfile(post({ displayName: ` ${'x'.repeat(100)} `, email: ' a@example.com ' }))).toEqual({
      ok: true,
      data: { displayName: 'x'.repeat(100), email: 'a@example.com' },
    });
  });
});

describe('change password', () => {
  it('asks for the current password beside the new one', () => {
    expect(parsePassword(post({ password: 'new-secret', confirmPassword: 'new-secret' }))).toEqual(
      refused({ currentPassword: M.currentPasswordRequired }),
    );
    expect(parsePassword(post({}))).toEqual(
      refused({ currentPassword: M.currentPasswordRequired, password: M.newPasswordRequired, confirmPassword: M.confirmRequired }),
    );
  });

  it('refuses a current password over 4096 characters and takes one of 4096', () => {
    const fields = { password: 'new-secret', confirmPassword: 'new-secret' };
    expect(parsePassword(post({ ...fields, currentPassword: 'x'.repeat(4097) }))).toEqual(refused({ currentPassword: M.tooLong }));
    expect(parsePassword(post({ ...fields, currentPassword: 'x'.repeat(4096) }))).toEqual({
      ok: true,
      data: { ...fields, currentPassword: 'x'.repeat(4096) },
    });
  });
});

describe('delete account', () => {
  it('asks for the password, refuses an absurd one, and takes a plain one', () => {
    expect(parseDelete(post({}))).toEqual(refused({ password: M.deletePasswordRequired }));
    expect(parseDelete(post({ password: 'x'.repeat(4097) }))).toEqual(refused({ password: M.tooLong }));
    expect(parseDelete(post({ password: ' my password ' }))).toEqual({ ok: true, data: { password: ' my password ' } });
  });
});

describe('formText', () => {
  it('reads text, and nothing for a missing field or a file', () => {
    const form = post({ name: 'Ann', upload: new Blob(['x']) });
    expect([formText(form, 'name'), formText(form, 'upload'), formText(form, 'missing')]).toEqual(['Ann', '', '']);
  });
});
