// engine: independent (never opens the test database: left out of the suite's run on a PostgreSQL server)
/** The ASVS password policy: length in code points, common and guessable passwords, the e-mail. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength, passwordLengthError } from '../../../src/shared/password-policy.js';
import { commonPasswordList, isCommonPassword } from '../../../src/server/security/common-passwords.js';
import { checkPassword, isRepetition, isStraightRun, PASSWORD_MESSAGES, withoutAffixes } from '../../../src/server/security/password-policy.js';

const TOO_SHORT = 'Use at least 12 characters.';
const TOO_LONG = 'Use at most 128 characters.';
/** 128 distinct-looking code points that are no pattern: a sentence, repeated with counters. */
const varied = (length: number) => Array.from({ length }, (_, i) => 'travel-office-'[i % 14] + (i % 7 === 0 ? String(i % 10) : '')).join('').slice(0, length);

describe('length: 12 to 128 code points', () => {
  it('refuses 11, accepts 12, accepts 128, refuses 129', () => {
    expect(checkPassword('lantern-quay')).toBeNull(); // 12
    expect(checkPassword('lantern-qua')).toBe(TOO_SHORT); // 11
    expect(checkPassword(varied(128))).toBeNull();
    expect(checkPassword(varied(129))).toBe(TOO_LONG);
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([12, 128]);
  });

  it('counts code points, not UTF-16 units: an emoji is one character', () => {
    const elevenAndAnEmoji = 'lantern-qua🙂';
    expect(elevenAndAnEmoji.length).toBe(13);
    expect(passwordLength(elevenAndAnEmoji)).toBe(12);
    expect(checkPassword(elevenAndAnEmoji)).toBeNull();
    expect(checkPassword('🙂🚀🌍🎒🧭🏝')).toBe(TOO_SHORT); // 12 UTF-16 units, 6 characters
    const longEmoji = Array.from({ length: 128 }, (_, i) => String.fromCodePoint(0x1f300 + ((i * 7) % 128))).join(''); // no run: steps of 7
    expect(longEmoji.length).toBe(256);
    expect(checkPassword(longEmoji)).toBeNull();
    expect(checkPassword(longEmoji + 'x')).toBe(TOO_LONG);
  });

  it('allows any Unicode and spaces, with no composition rule', () => {
    expect(checkPassword('all lower case words here')).toBeNull();
    expect(checkPassword('Größenwahn über Zürich')).toBeNull();
    expect(checkPassword('東京から大阪へ新幹線で行きます')).toBeNull();
  });

  it('the shared length rule agrees with the server rule for any string (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 140 }), (password) => {
        const length = [...password].length;
        const expected = length < 12 ? TOO_SHORT : length > 128 ? TOO_LONG : null;
        expect(passwordLengthError(password)).toBe(expected);
        const verdict = checkPassword(password);
        if (expected) expect(verdict).toBe(expected);
        else expect([null, PASSWORD_MESSAGES.common]).toContain(verdict);
      }),
    );
  });
});

describe('common and guessable passwords', () => {
  it('uses a list of at least 10 000 entries', () => {
    expect(commonPasswordList().size).toBeGreaterThanOrEqual(10_000);
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord')).toBe(true);
  });

  it('refuses listed passwords of policy length, in any case', () => {
    for (const password of ['password1234', 'PASSWORD1234', 'Qwerty123456', '1qaz2wsx3edc', 'administrator', 'leavemealone']) {
      expect(checkPassword(password), password).toBe(PASSWORD_MESSAGES.common);
    }
  });

  it('refuses a common password with digits, punctuation or spaces around it', () => {
    expect(withoutAffixes('!!sunshine2024 ')).toBe('sunshine');
    for (const password of ['Sunshine2024!', 'iloveyou1234', '2024-dragon-2024', 'Welcome@12345', 'monkey       !']) {
      expect(checkPassword(password), password).toBe(PASSWORD_MESSAGES.common);
    }
    expect(checkPassword('sunshine over the harbour')).toBeNull();
  });

  it('refuses repeated units and straight runs', () => {
    expect(isRepetition('aaaaaaaaaaaa')).toBe(true);
    expect(isRepetition('abcdabcdabcd')).toBe(true);
    expect(isRepetition('passwordpassword')).toBe(true);
    expect(isRepetition('harbourlight-harbourlight-')).toBe(false); // a long uncommon unit
    expect(isStraightRun('abcdefghijkl')).toBe(true);
    expect(isStraightRun('lkjihgfedcba')).toBe(true);
    expect(isStraightRun('abcdefghijkm')).toBe(false);
    for (const password of ['aaaaaaaaaaaa', '121212121212', 'abcdefghijklmnop', 'zyxwvutsrqpo', 'dragondragondragon', '🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂']) {
      expect(checkPassword(password), password).toBe(PASSWORD_MESSAGES.common);
    }
  });

  it('accepts a passphrase', () => {
    expect(checkPassword('correct horse battery staple')).toBeNull();
    expect(checkPassword('tide-tables-for-the-lagoon')).toBeNull();
  });
});

describe('the e-mail local part', () => {
  it('refuses a password containing it (4 characters or more), case-insensitively', () => {
    expect(checkPassword('my name is Jonathan.Smith!', { email: 'jonathan.smith@example.com' })).toBe(PASSWORD_MESSAGES.personal);
    expect(checkPassword('ANNA-goes-sailing', { email: 'anna@example.com' })).toBe(PASSWORD_MESSAGES.personal);
    expect(checkPassword('ANNA-goes-sailing', { email: 'bob@example.com' })).toBeNull();
  });

  it('ignores local parts shorter than 4 characters and works without an e-mail', () => {
    expect(checkPassword('jo-likes-long-walks', { email: 'jo@example.com' })).toBeNull();
    expect(checkPassword('ANNA-goes-sailing')).toBeNull();
    expect(checkPassword('ANNA-goes-sailing', { email: null })).toBeNull();
  });

  it('checks length and commonness first', () => {
    expect(checkPassword('anna', { email: 'anna@example.com' })).toBe(TOO_SHORT);
  });
});
