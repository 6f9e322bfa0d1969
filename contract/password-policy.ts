// The password policy of registration, password reset and password change (decision 072): at
// least 12 characters (NewPasswordSchema), and not guessable — zxcvbn-ts with its common-password
// and common-word lists must estimate it at score 3 or more. The lists weigh about a megabyte, so
// the client imports this file only with import() on the password screens, never statically.
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** zxcvbn's score runs 0-4; 3 means about 10^8 guesses or more. */
export const MIN_PASSWORD_SCORE = 3;
export const PASSWORD_TOO_WEAK_MESSAGE =
  'This password is too common or too easy to guess. Use a longer phrase of unrelated words.';

/** English texts of zxcvbn's warning keys (language-common ships the lists without texts). */
const WARNINGS: Record<string, string> = {
  straightRow: 'Straight rows of keys on your keyboard are easy to guess.',
  keyPattern: 'Short keyboard patterns are easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated character patterns like "abcabcabc" are easy to guess.',
  sequences: 'Common character sequences like "abc" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'This is a heavily used password.',
  topHundred: 'This is a frequently used password.',
  common: 'This is a commonly used password.',
  similarToCommon: 'This is similar to a commonly used password.',
  wordByItself: 'Single words are easy to guess.',
  namesByThemselves: 'Single names or surnames are easy to guess.',
  commonNames: 'Common names and surnames are easy to guess.',
  userInputs: 'There should not be any personal data in the password.',
};

export interface PasswordStrength {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  isAcceptable: boolean;
  /** Why it is weak, in words, when zxcvbn says. */
  warning: string | null;
}

let estimator: ZxcvbnFactory | null = null;

/**
 * Judges a password; `personal` are the user's own words (e-mail, names), which count as guessed.
 * Passwords are cut to 256 characters for the estimate: its cost grows with the length, and a
 * longer one is not weak for what follows.
 */
export function passwordStrength(
  password: string,
  personal: readonly string[] = [],
): PasswordStrength {
  estimator ??= new ZxcvbnFactory({
    dictionary: dictionary,
    graphs: adjacencyGraphs,
  });
  // Each personal text whole, an e-mail address's name part, and each of their pieces: a
  // password made of the address's name ("ada.lovelace.1815") is as guessable as its pieces.
  const words = personal
    .flatMap((text) => {
      const whole = text.toLowerCase();
      const name = whole.includes('@') ? whole.slice(0, whole.lastIndexOf('@')) : whole;
      return [whole, name, ...whole.split(/[^\p{L}\p{N}]+/u)];
    })
    .filter((word, index, all) => word.length >= 3 && all.indexOf(word) === index);
  const result: ZxcvbnResult = estimator.check(password.slice(0, 256), words);
  const warning = result.feedback.warning ? (WARNINGS[result.feedback.warning] ?? null) : null;
  return { score: result.score, isAcceptable: result.score >= MIN_PASSWORD_SCORE, warning };
}
