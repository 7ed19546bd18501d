import { useTranslations } from 'use-intl';
import type { FieldError } from 'react-hook-form';
import { DISPLAY_NAME_MAX, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../schema';

/**
 * The account fields' inline errors in the page's language. The shared zod schemas (../schema.ts)
 * carry English messages for the API; in the browser the form shows the catalogue's words for
 * the same rule, found by zod's issue code (react-hook-form keeps it as the error's type). An
 * error the server sent (type `server`) is already in the page's words (src/lib/api-error-text.ts).
 */
export function useFieldErrors() {
  const t = useTranslations('fields');
  const own = (e: FieldError | undefined, local: (type: string) => string) =>
    e ? (e.type === 'server' ? e.message : local(String(e.type))) : undefined;
  return {
    email: (e?: FieldError) => own(e, (type) => (type === 'too_big' ? t('emailTooLong', { max: EMAIL_MAX }) : t('emailInvalid'))),
    /** The password of a sign-in: only that one was given. */
    currentPassword: (e?: FieldError) => own(e, () => t('passwordMissing')),
    /** A new password, with the length rules. */
    newPassword: (e?: FieldError) =>
      own(e, (type) => (type === 'too_big' ? t('passwordTooLong', { max: PASSWORD_MAX }) : t('passwordTooShort', { min: PASSWORD_MIN }))),
    displayName: (e?: FieldError) =>
      own(e, (type) =>
        type === 'too_big' ? t('nameTooLong', { max: DISPLAY_NAME_MAX }) : type === 'custom' ? t('nameControl') : t('nameMissing'),
      ),
    /** The avatar link: its length, spaces, or not an https link to a named host. */
    avatarUrl: (e?: FieldError) =>
      own(e, (type) =>
        type === 'too_big'
          ? t('linkTooLong', { max: 500 })
          : type === 'invalid_format' && /space/.test(e?.message ?? '')
            ? t('linkSpaces')
            : t('avatarInvalid'),
      ),
    /** The repeated new password: missing, or not the same. */
    repeatNewPassword: (e?: FieldError) => own(e, (type) => (type === 'custom' ? t('newPasswordsMismatch') : t('newPasswordRepeat'))),
    /** The repeated password of a new password (reset, set-up). */
    repeatPassword: (e?: FieldError) => own(e, (type) => (type === 'custom' ? t('passwordsMismatch') : t('passwordRepeat'))),
    /** The current password of the password form. */
    oldPassword: (e?: FieldError) => own(e, () => t('currentPasswordMissing')),
    deleteConfirm: (e?: FieldError) => own(e, () => t('deleteConfirm')),
  };
}
