import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPaths, normalizePhone, PHONE_PREFIX, phoneField, type User } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { SmsCodeStep, spacedPhone } from '../../../components/sms-code-step';
import { Button } from '../../../components/ui/button';
import { PhoneIcon } from '../../../components/ui/icons';
import { PhoneField } from '../../../components/ui/phone-field';
import { useLanguage } from '../../../i18n';
import { api, errorMessage } from '../../../lib/api-client';
import { fieldErrorText } from '../../../lib/form-errors';
import { userKeys } from '../../../lib/query-keys';
import { confirmSession, useCurrentUser } from '../../../lib/session';
import { sendSmsCode } from '../../../lib/sms-code';
import { ProfileSection } from './profile-section';

/**
 * The user's phone: proven by an SMS code, it signs in on the Mobile-ID tab. A new number is proven the same
 * way and replaces the old one.
 */
export function PhoneSection() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  // the number as the field's placeholder writes it (90 123 45 67), after the fixed +998
  const [phone, setPhone] = useState(() =>
    spacedPhone(user?.phone_number ?? '')
      .replace(PHONE_PREFIX, '')
      .trim(),
  );
  const [phoneError, setPhoneError] = useState<string>();
  const [sentTo, setSentTo] = useState<{ phone: string; resendAt: number }>();
  const [codeError, setCodeError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = phoneField.safeParse(phone);
    if (!parsed.success) {
      setPhoneError(fieldErrorText(parsed.error.issues[0]?.message, language));
      return;
    }
    setPhoneError(undefined);
    setBusy(true);
    try {
      const number = normalizePhone(phone);
      const sent = await sendSmsCode(number);
      toast.success(t('auth.mobileId.sent'));
      setSentTo({ phone: number, resendAt: Date.now() + sent.resendInSeconds * 1000 });
    } catch (error) {
      toast.error(errorMessage(error, t('common.errors.generic')));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (code: string) => {
    if (!sentTo) return;
    setBusy(true);
    setCodeError(undefined);
    try {
      const updated = await api.post<User>(apiPaths.users.phoneVerify, { phone: sentTo.phone, code });
      queryClient.setQueryData(userKeys.me(), updated);
      confirmSession(updated);
      setSentTo(undefined);
      toast.success(t('profile.phone.verified'));
    } catch (error) {
      setCodeError(errorMessage(error, t('common.errors.generic')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ProfileSection
      id="profile-phone"
      icon={<PhoneIcon />}
      title={t('auth.phoneNumber')}
      hint={
        user.phone_verified
          ? t('profile.phone.provenHint', { phone: spacedPhone(user.phone_number) })
          : t('profile.phone.unprovenHint')
      }
    >
      {sentTo ? (
        <SmsCodeStep
          phone={sentTo.phone}
          resendAt={sentTo.resendAt}
          submitLabel={t('profile.phone.confirm')}
          pending={busy}
          error={codeError}
          onSubmit={(code) => void verify(code)}
          onResent={(resendAt) => setSentTo({ ...sentTo, resendAt })}
          onChangeNumber={() => setSentTo(undefined)}
        />
      ) : (
        <form
          noValidate
          onSubmit={(event) => void send(event)}
          className="flex flex-col gap-4 sm:flex-row sm:items-end"
        >
          <PhoneField
            label={t('auth.phoneNumber')}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={phoneError}
            containerClassName="sm:flex-1"
          />
          <Button type="submit" pending={busy}>
            {user.phone_verified ? t('profile.phone.change') : t('profile.phone.prove')}
          </Button>
        </form>
      )}
    </ProfileSection>
  );
}
