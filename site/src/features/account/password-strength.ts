/**
 * The reset-password strength meter, exactly as the seed scores it (section 5): 25 points each for a length of at
 * least 8, an uppercase letter, a digit and a special character. Labels: 100 Strong, 75 or more Good, 50 or more
 * Fair, otherwise Weak. The bar is red up to 25, orange up to 50, yellow up to 75, green above.
 */
export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';
export type StrengthColour = 'red' | 'orange' | 'yellow' | 'green';

export interface PasswordStrength {
  /** 0, 25, 50, 75 or 100. */
  score: number;
  label: StrengthLabel;
  colour: StrengthColour;
}

const RULES: readonly ((password: string) => boolean)[] = [
  (password) => password.length >= 8,
  (password) => /[A-Z]/.test(password),
  (password) => /[0-9]/.test(password),
  // Anything that is not a letter or a digit counts as special: punctuation, spaces, symbols, accented letters.
  (password) => /[^A-Za-z0-9]/.test(password),
];

export function strengthScore(password: string): number {
  return RULES.filter((rule) => rule(password)).length * 25;
}

export function strengthLabel(score: number): StrengthLabel {
  if (score === 100) return 'Strong';
  if (score >= 75) return 'Good';
  if (score >= 50) return 'Fair';
  return 'Weak';
}

export function strengthColour(score: number): StrengthColour {
  if (score <= 25) return 'red';
  if (score <= 50) return 'orange';
  if (score <= 75) return 'yellow';
  return 'green';
}

export function passwordStrength(password: string): PasswordStrength {
  const score = strengthScore(password);
  return { score, label: strengthLabel(score), colour: strengthColour(score) };
}
