import type { UserProfile } from './person';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 40;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;
export const DISPLAY_NAME_MAX = 80;
export const EMAIL_MAX = 254;

/** POST /api/login */
export interface LoginRequest {
  username: string;
  password: string;
}

/**
 * POST /api/register: a display name falls back to the username. With `?autoLogin=false` a signed-in member
 * makes a relative's account and stays signed in as themselves.
 */
export interface RegisterRequest {
  username: string;
  password: string;
  displayName?: string;
  email?: string;
  /** A calendar date, `YYYY-MM-DD`. */
  birthday?: string;
  /** An invite's code: the sign-up becomes the invited person, keeping everything attached to them. */
  inviteCode?: string;
}

/**
 * The person an account call is about: the one signed in by POST /api/login and POST /api/register, or the
 * relative made by POST /api/register?autoLogin=false and POST /api/family/create-member.
 */
export interface AccountResponse {
  user: UserProfile;
}

/** POST /api/reset-password, with a one-time code made by whoever runs the archive. */
export interface ResetPasswordRequest {
  username: string;
  newPassword: string;
  resetCode: string;
}

/** POST /api/user/password: the signed-in person changes their own password. */
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}
