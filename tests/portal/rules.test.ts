/** The client checks must say what the server says: same patterns, same date rule, same messages. */
import { EMAIL_PATTERN as SERVER_EMAIL, STRONG_PASSWORD_PATTERN as SERVER_PASSWORD, parseDate as serverParseDate } from '../../models/validation';
import { parseDate, toInputDate, toStoredDate } from '../../portal/src/lib/dates';
import { safeInternalPath, verifyRedirect } from '../../portal/src/lib/paths';
import { EMAIL_PATTERN, STRONG_PASSWORD_PATTERN, confirmation, email, optionalDate, personName, strongPassword, validate } from '../../portal/src/lib/validation';

describe('client rules mirror the server', () => {
  test('the email and strong-password patterns are the server ones', () => {
    expect(EMAIL_PATTERN.source).toBe(SERVER_EMAIL.source);
    expect(STRONG_PASSWORD_PATTERN.source).toBe(SERVER_PASSWORD.source);
  });

  test.each(['05-14-1990', '05/14/1990', '1990-05-14', '02-29-2024', '02-29-2023', '13-01-2020', '00-10-2020', '01-01-0999', '12-31-3000', '1-1-2020', '', 'x'])(
    'parseDate(%p) agrees with the server',
    (input) => {
      expect(parseDate(input)).toBe(serverParseDate(input));
    },
  );

  test('dates: typed MM-DD-YYYY, stored YYYY-MM-DD', () => {
    expect(toInputDate('1990-05-14')).toBe('05-14-1990');
    expect(toInputDate(null)).toBe('');
    expect(toStoredDate('05-14-1990')).toBe('1990-05-14');
    expect(toStoredDate('  ')).toBeNull();
  });

  test('messages are the spec ones', () => {
    expect(
      validate(
        { a: '', b: 'x@y', c: 'short', d: 'Secret12', e: 'Secret13', f: 'A', g: '31-12-2020' },
        {
          a: [email],
          b: [email],
          c: [strongPassword],
          d: [strongPassword],
          e: [confirmation('Secret12')],
          f: [personName],
          g: [optionalDate],
        },
      ),
    ).toEqual({
      a: 'This field is required',
      b: 'Please type your email in the format [name@example.com]',
      c: 'Minimum 8 characters, at least one number, one lower case and one upper case.',
      e: 'This field confirmation does not match',
      f: 'At least one word of two letters',
      g: 'Please type a valid date',
    });
    expect(strongPassword('Has Space1')).toBe('Blank spaces are not allowed');
  });
});

describe('paths', () => {
  test('remembered and verify targets stay inside the portal', () => {
    expect(safeInternalPath('/settings/profile?x=1')).toBe('/settings/profile?x=1');
    expect(safeInternalPath('//evil.example/x')).toBeNull();
    expect(safeInternalPath('https://evil.example')).toBeNull();
    expect(safeInternalPath('/\\evil.example')).toBeNull();
    expect(verifyRedirect('/home?a=b')).toBe('/verify?to=%2Fhome%3Fa%3Db');
    expect(verifyRedirect('/verify?to=%2Fhome')).toBeNull();
  });
});
