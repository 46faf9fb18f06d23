import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_EVENTS,
  LANGUAGES,
  OUTSIDE_CHANNELS,
  type DeliveryChannel,
  type DeliveryEvent,
  type Language,
  type NotificationSettings,
  type TelegramLink,
} from '@yuk/shared';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { SelectField } from '../../components/ui/select-field';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { TimeField } from '../../components/ui/date-field';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../i18n';
import {
  useNotificationSettings,
  useRetryDelivery,
  useTelegramLink,
  useUnlinkTelegram,
  useUpdateNotificationSettings,
} from './api/notification-settings';
import { disablePushHere, enablePushHere, pushEnabledHere, pushSupported } from './push';

const LANGUAGE_NAMES: Record<Language, string> = { uz: "O'zbekcha", en: 'English', ru: 'Русский' };

function Section({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-navy-700 bg-navy-900 p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-white">{title}</h2>
      {hint && <p className="mt-1 text-sm text-slate-400">{hint}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Telegram, e-mail and this browser: what each channel's state is, and how to turn it on or off. */
function Channels({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  const link = useTelegramLink();
  const unlink = useUnlinkTelegram();
  const [deepLink, setDeepLink] = useState<TelegramLink | null>(null);
  const [pushHere, setPushHere] = useState(pushEnabledHere);
  const [pushBusy, setPushBusy] = useState(false);
  const { telegram, email, push } = settings.channels;

  const makeLink = () =>
    link.mutate(undefined, {
      onSuccess: (made) => {
        setDeepLink(made);
        window.open(made.url, '_blank', 'noopener');
      },
      onError: (error) => toast.error(errorMessage(error, t('notifications.settings.linkFailed'))),
    });
  const togglePush = async () => {
    setPushBusy(true);
    try {
      if (pushHere) {
        await disablePushHere();
        setPushHere(false);
      } else if (push.public_key && (await enablePushHere(push.public_key))) {
        setPushHere(true);
        toast.success(t('notifications.settings.pushOn'));
      } else {
        toast.error(t('notifications.settings.pushDenied'));
      }
    } catch (error) {
      toast.error(errorMessage(error, t('notifications.settings.pushFailed')));
    } finally {
      setPushBusy(false);
    }
  };

  return (
    <ul className="flex flex-col divide-y divide-navy-700">
      <li className="flex flex-col gap-2 py-3 first:pt-0">
        <h3 className="font-medium text-white">{t('notifications.settings.channels.telegram')}</h3>
        {!telegram.available ? (
          <p className="text-sm text-slate-400">{t('notifications.settings.telegramOff')}</p>
        ) : telegram.linked ? (
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm text-emerald-300">{t('notifications.settings.telegramLinked')}</span>
            <Button
              variant="secondary"
              size="sm"
              pending={unlink.isPending}
              onClick={() =>
                unlink.mutate(undefined, {
                  onSuccess: () => setDeepLink(null),
                  onError: (error) => toast.error(errorMessage(error, t('notifications.settings.unlinkFailed'))),
                })
              }
            >
              {t('notifications.settings.telegramUnlink')}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-sm text-slate-300">{t('notifications.settings.telegramNotLinked')}</span>
              <Button size="sm" pending={link.isPending} onClick={makeLink}>
                {link.isPending
                  ? t('notifications.settings.telegramLinking')
                  : t('notifications.settings.telegramLink')}
              </Button>
            </div>
            {deepLink && (
              <p className="text-sm text-slate-300">
                {t('notifications.settings.telegramOpen')}{' '}
                <a
                  href={deepLink.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="break-all text-sky-300 underline"
                >
                  {deepLink.url}
                </a>
              </p>
            )}
          </div>
        )}
      </li>
      <li className="flex flex-col gap-1 py-3">
        <h3 className="font-medium text-white">{t('notifications.settings.channels.email')}</h3>
        <p className="break-all text-sm text-slate-300">
          {t('notifications.settings.emailTo', { address: email.address })}
        </p>
      </li>
      <li className="flex flex-col gap-2 py-3 last:pb-0">
        <h3 className="font-medium text-white">{t('notifications.settings.channels.push')}</h3>
        {!push.available ? (
          <p className="text-sm text-slate-400">{t('notifications.settings.pushOff')}</p>
        ) : !pushSupported() ? (
          <p className="text-sm text-slate-400">{t('notifications.settings.pushUnsupported')}</p>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" size="sm" pending={pushBusy} onClick={() => void togglePush()}>
              {pushHere ? t('notifications.settings.pushDisable') : t('notifications.settings.pushEnable')}
            </Button>
            <span className="text-sm text-slate-400">
              {t('notifications.settings.pushDevices', { n: push.devices })}
            </span>
          </div>
        )}
      </li>
    </ul>
  );
}

/** The settings form: language, which event goes to which channel, and quiet hours; saved together. */
function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  const update = useUpdateNotificationSettings();
  const [language, setLanguage] = useState<Language>(settings.language);
  // the messages' language above is a setting; the time fields speak the interface's
  const { language: interfaceLanguage } = useLanguage();
  const [events, setEvents] = useState(settings.events);
  const [quiet, setQuiet] = useState(settings.quiet_hours !== null);
  const [quietStart, setQuietStart] = useState(settings.quiet_hours?.start ?? '22:00');
  const [quietEnd, setQuietEnd] = useState(settings.quiet_hours?.end ?? '07:00');
  const [errors, setErrors] = useState<Record<string, string>>({});

  // a fresh answer from the server (after saving, or from another tab) is what the form shows
  useEffect(() => {
    setLanguage(settings.language);
    setEvents(settings.events);
    setQuiet(settings.quiet_hours !== null);
    if (settings.quiet_hours) {
      setQuietStart(settings.quiet_hours.start);
      setQuietEnd(settings.quiet_hours.end);
    }
  }, [settings]);

  const toggle = (event: DeliveryEvent, channel: DeliveryChannel) =>
    setEvents((current) => ({
      ...current,
      [event]: current[event].includes(channel)
        ? current[event].filter((c) => c !== channel)
        : [...current[event], channel],
    }));
  const unavailable = (channel: DeliveryChannel) =>
    (channel === 'telegram' && !settings.channels.telegram.available) ||
    (channel === 'push' && !settings.channels.push.available);

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setErrors({});
    update.mutate(
      { language, events, quiet_hours: quiet ? { start: quietStart, end: quietEnd } : null },
      {
        onSuccess: () => toast.success(t('notifications.settings.saved')),
        onError: (error) => {
          const fields = (error as { fields?: Record<string, string> }).fields;
          if (fields) setErrors(fields);
          toast.error(errorMessage(error, t('notifications.settings.saveFailed')));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <Section title={t('notifications.settings.eventsTitle')} hint={t('notifications.settings.alwaysInApp')}>
        <div className="mb-4 max-w-xs">
          <SelectField
            label={t('notifications.settings.language')}
            value={language}
            onChange={(event) => setLanguage(event.target.value as Language)}
            options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          />
        </div>
        <ul className="flex flex-col divide-y divide-navy-700">
          {DELIVERY_EVENTS.map((event) => (
            <li key={event} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <span id={`event-${event}`} className="text-sm font-medium text-slate-100">
                {t(`notifications.settings.events.${event}`)}
              </span>
              <div role="group" aria-labelledby={`event-${event}`} className="flex flex-wrap gap-x-4 gap-y-1">
                {OUTSIDE_CHANNELS.map((channel) => (
                  <label
                    key={channel}
                    className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-200 has-disabled:opacity-50"
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-sky-400"
                      checked={events[event].includes(channel)}
                      disabled={unavailable(channel)}
                      onChange={() => toggle(event, channel)}
                    />
                    {t(`notifications.settings.channels.${channel}`)}
                  </label>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('notifications.settings.quietTitle')} hint={t('notifications.settings.quietHint')}>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-100">
          <input
            type="checkbox"
            className="size-4 accent-sky-400"
            checked={quiet}
            onChange={(event) => setQuiet(event.target.checked)}
          />
          {t('notifications.settings.quietOn')}
        </label>
        {quiet && (
          <div className="mt-2 grid max-w-sm grid-cols-2 gap-4">
            <TimeField
              label={t('notifications.settings.quietFrom')}
              value={quietStart}
              onChange={setQuietStart}
              language={interfaceLanguage}
              placeholder={t('terms.timePlaceholder')}
              caption={t('terms.timeOfDay')}
              error={errors['quiet_hours.start']}
            />
            <TimeField
              label={t('notifications.settings.quietTo')}
              value={quietEnd}
              onChange={setQuietEnd}
              language={interfaceLanguage}
              placeholder={t('terms.timePlaceholder')}
              caption={t('terms.timeOfDay')}
              error={errors['quiet_hours.end']}
            />
          </div>
        )}
      </Section>
      <div>
        <Button type="submit" pending={update.isPending}>
          {update.isPending ? t('notifications.settings.saving') : t('notifications.settings.save')}
        </Button>
      </div>
    </form>
  );
}

/** Messages given up on after every retry, each with a way to try again. */
function FailedDeliveries({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  const retry = useRetryDelivery();
  if (settings.failed.length === 0) return null;
  return (
    <Section title={t('notifications.settings.failedTitle')} hint={t('notifications.settings.failedHint')}>
      <ul className="flex flex-col divide-y divide-navy-700">
        {settings.failed.map((failed) => (
          <li key={failed.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-100">{failed.title}</p>
              <p className="text-xs text-slate-400">
                {t(`notifications.settings.channels.${failed.channel}`)} ·{' '}
                {t('notifications.settings.attempts', { n: failed.attempts })} · {formatDateTime(failed.created_at)}
              </p>
              {failed.last_error && <p className="break-all text-xs text-slate-500">{failed.last_error}</p>}
            </div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                retry.mutate(failed.id, {
                  onSuccess: () => toast.success(t('notifications.settings.retried')),
                  onError: (error) => toast.error(errorMessage(error, t('notifications.settings.retryFailed'))),
                })
              }
            >
              {t('notifications.settings.retry')}
            </Button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** /notifications/settings: where each kind of event reaches me, quiet hours, channels, failed messages. */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notifications.settings.title'));
  const settings = useNotificationSettings();

  let body;
  if (settings.isPending) body = <LoadingState text={t('notifications.settings.loading')} />;
  else if (settings.isError) {
    body = (
      <ErrorState
        message={errorMessage(settings.error, t('notifications.settings.fetchFailed'))}
        onRetry={() => void settings.refetch()}
        retryLabel={t('common.retry')}
        retrying={settings.isRefetching}
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-5">
        <Section title={t('notifications.settings.channelsTitle')}>
          <Channels settings={settings.data} />
        </Section>
        <SettingsForm settings={settings.data} />
        <FailedDeliveries settings={settings.data} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('notifications.settings.title')} subtitle={t('notifications.settings.subtitle')} />
      {body}
    </div>
  );
}
