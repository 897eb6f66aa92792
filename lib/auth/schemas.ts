import * as z from 'zod/mini';
import { MAX_CAPTCHA_CODE_LENGTH } from '../captcha/limits';
import { token as messageToken } from '../validation/messages';
import { emailField, field, form, uuidField, withConfirmation } from '../validation/field';
import { maxLength, password, pattern, required, timeZone } from '../validation/rules';

// Shared by the account forms (through zodResolver) and the route handlers: no server imports.

const captchaCode = field([required(), maxLength(MAX_CAPTCHA_CODE_LENGTH)]);
// SPEC.md's fullName pattern would refuse O'Brien or Jean-Luc; a person's name also allows ' - .
const name = field([required(), pattern('personName'), maxLength(120)]);
const emailAddress = emailField();
// Login only checks presence: the strength rule would lock out passwords set before it changed.
const anyPassword = field([required(), maxLength(128)], { trim: false, text: 'secret' });
const newPassword = field([required(), password()], { trim: false });
const token = field([required(), maxLength(200)]);

export const loginSchema = form({ captchaCode, email: emailAddress, password: anyPassword });

export const registerSchema = form({
  captchaCode,
  name,
  email: emailAddress,
  password: newPassword,
  navTimeZone: field([timeZone()]),
});
export const registerFormSchema = withConfirmation(registerSchema, 'password', 'passwordConfirm');

export const refreshSchema = form({ refreshToken: field([maxLength(200)]) });

export const emailConfirmationSchema = form({ captchaCode, token });
/** The undo link sent to the old address after an email change: the same captcha and token. */
export const emailChangeUndoSchema = emailConfirmationSchema;

// Optional here: only a change of address needs it (see accountGeneralSchemaFor).
const currentPasswordIfNeeded = field([maxLength(128)], { trim: false, text: 'secret' });
export const accountGeneralSchema = form({
  name,
  email: emailAddress,
  timeZone: field([required(), timeZone()]),
  currentPassword: currentPasswordIfNeeded,
});

/**
 * The account form as it applies to one user: a new email address also needs the current
 * password (a borrowed session must not be able to move the account to another inbox).
 */
export function accountGeneralSchemaFor(currentEmail: string) {
  const onFile = currentEmail.toLowerCase();
  return accountGeneralSchema.check(
    z.superRefine((value, ctx) => {
      // A malformed address is reported on its own: no point asking for a password yet.
      const emailRefused = ctx.issues.some((issue) => issue.path?.[0] === 'email');
      if (!emailRefused && value.email && value.email !== onFile && !value.currentPassword)
        ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: messageToken('required'), input: value.currentPassword });
    }),
  );
}

export const accountPasswordSchema = form({ currentPassword: anyPassword, newPassword });
export const accountPasswordFormSchema = withConfirmation(accountPasswordSchema, 'newPassword', 'newPasswordConfirm');

export const forgotPasswordSchema = form({ captchaCode, email: emailAddress });

export const resetPasswordSchema = form({ token, newPassword });
export const resetPasswordFormSchema = withConfirmation(resetPasswordSchema, 'newPassword', 'newPasswordConfirm');

export const revokeSessionSchema = form({ id: uuidField() });

// The browser cannot read its HttpOnly cookie, so it leaves `refreshToken` out and the
// route takes the cookie's; API clients send theirs.
const refreshToken = field([maxLength(200)], { trim: false });

/** The project/profile picker. */
export const changeProfileSchema = form({ refreshToken, projectId: uuidField(), projectProfileId: uuidField() });

/** POST /api/auth/projects/loginAsAdmin (SPEC.md section 7); `root` is accepted as sent. */
export const loginAsAdminSchema = form({
  refreshToken,
  projectId: uuidField(),
  root: z.optional(z.boolean({ error: messageToken('invalid') })),
});

/** POST /api/auth/projects/leaveAdmin */
export const leaveAdminSchema = form({ refreshToken });

export type LoginInput = z.output<typeof loginSchema>;
export type RegisterInput = z.output<typeof registerSchema>;
export type RegisterFormInput = z.output<typeof registerFormSchema>;
export type AccountGeneralInput = z.output<typeof accountGeneralSchema>;
export type AccountPasswordInput = z.output<typeof accountPasswordSchema>;
export type ChangeProfileInput = z.output<typeof changeProfileSchema>;
