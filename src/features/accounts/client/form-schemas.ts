/**
 * The account forms' schemas: the API's own input schemas (../schema.ts), plus what exists only
 * in the browser (a repeated password). The server never sees `confirmPassword`, and every rule
 * it enforces comes from the shared schema, so the two cannot drift apart.
 */
import { z } from 'zod';
import { emailOnlyInput, passwordSchema, setupInput, signInInput, signUpInput } from '../schema';

const confirmPassword = z.string().min(1, 'Repeat the password');
const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const mismatch = { message: 'The two passwords do not match', path: ['confirmPassword'] };

export const setupForm = setupInput.extend({ confirmPassword }).refine(passwordsMatch, mismatch);
export const signUpForm = signUpInput.omit({ inviteToken: true });
export const signInForm = signInInput;
export const emailForm = emailOnlyInput;
export const newPasswordForm = z.object({ password: passwordSchema, confirmPassword }).refine(passwordsMatch, mismatch);

export type SetupFormInput = z.input<typeof setupForm>;
export type SignUpFormInput = z.input<typeof signUpForm>;
export type SignInFormInput = z.input<typeof signInForm>;
export type EmailFormInput = z.input<typeof emailForm>;
export type NewPasswordFormInput = z.input<typeof newPasswordForm>;
