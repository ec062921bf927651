export const EMAIL_MESSAGE = 'Please enter a valid email address';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sentence for an email that can't be saved, or null. Empty is fine: it clears the email. */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (email === '') return null;
  return EMAIL_PATTERN.test(email) && email.length <= 254 ? null : EMAIL_MESSAGE;
}
