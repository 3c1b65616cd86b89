// The API contract of authentication: login, registration, password reset and change.
import { z } from 'zod';
import { zPassword } from '../password';
import { zSessionData } from '../session';

export const zEmail = z.string().trim().min(3).max(254).email();

export const zLoginRequest = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof zLoginRequest>;

/** Login, registration and login-as answer the token and the session data. */
export const zLogin = z.object({ token: z.string(), user: zSessionData });
export type Login = z.infer<typeof zLogin>;

export const zLostPasswordRequest = z.object({ email: zEmail });

export const zResetPasswordRequest = z.object({
  token: z.string().min(20).max(200),
  email: zEmail,
  password: zPassword,
  password_confirmation: z.string().max(200),
});
export type ResetPasswordRequest = z.input<typeof zResetPasswordRequest>;

export const zRegisterRequest = z.object({
  companyname: z.string().trim().min(1).max(200),
  name: z.string().trim().min(1).max(100),
  surname: z.string().trim().min(1).max(100),
  email: zEmail,
  password: zPassword,
  password_confirmation: z.string().max(200),
});
export type RegisterRequest = z.input<typeof zRegisterRequest>;

export const zPasswordChange = z.object({
  oldpassword: z.string().max(200),
  password: zPassword,
  password_confirmation: z.string().max(200),
});
export type PasswordChange = z.input<typeof zPasswordChange>;
