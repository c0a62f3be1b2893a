/**
 * Notification Preferences (spec 2, 3, 4 and 5): the five kinds on e-mail and SMS. SMS
 * switches are disabled without a verified phone; switching marketing texts on shows the
 * consent it records. 'Notification preferences saved successfully' hides after 3 s.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type {
  NotificationPreferenceFlags,
  NotificationPreferencesView,
} from '../../../../shared/settings/notification-preferences';
import {
  type NotificationChannel,
  type NotificationKind,
  notificationKindLabels,
  notificationKinds,
  preferenceKey,
  preferenceMessages,
  SAVED_BANNER_MILLISECONDS,
} from '../../../../shared/settings/notification-preference-labels';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { Switch } from '../../../components/ui/switch';
import { appConfig } from '../../../lib/app-config';
import { saveNotificationPreferences, settingsKeys } from '../api/settings-api';

function flagsOf(view: NotificationPreferencesView): NotificationPreferenceFlags {
  const flags = {} as NotificationPreferenceFlags;
  for (const kind of notificationKinds) {
    for (const channel of ['email', 'sms'] as const)
      flags[preferenceKey(kind, channel)] = view[preferenceKey(kind, channel)];
  }
  return flags;
}

const channelLabels: Record<NotificationChannel, string> = { email: 'E-mail', sms: 'SMS' };

export function NotificationPreferencesCard({
  preferences,
  isPhoneVerified,
}: {
  preferences: NotificationPreferencesView;
  isPhoneVerified: boolean;
}) {
  const queryClient = useQueryClient();
  const [flags, setFlags] = useState<NotificationPreferenceFlags>(() => flagsOf(preferences));
  const [isSavedBannerShown, setSavedBannerShown] = useState(false);
  const saved = flagsOf(preferences);
  const isDirty = notificationKinds.some((kind) =>
    (['email', 'sms'] as const).some(
      (channel) => flags[preferenceKey(kind, channel)] !== saved[preferenceKey(kind, channel)],
    ),
  );

  const save = useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: async (view) => {
      setFlags(flagsOf(view));
      setSavedBannerShown(true);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.settings });
    },
  });

  // Changes saved elsewhere (a new phone turns marketing texts off) replace the switches.
  const [syncedAt, setSyncedAt] = useState(preferences.updated_at);
  if (syncedAt !== preferences.updated_at) {
    setSyncedAt(preferences.updated_at);
    setFlags(flagsOf(preferences));
  }

  useEffect(() => {
    if (!isSavedBannerShown) return;
    const timer = window.setTimeout(() => setSavedBannerShown(false), SAVED_BANNER_MILLISECONDS);
    return () => window.clearTimeout(timer);
  }, [isSavedBannerShown]);

  const toggle = (kind: NotificationKind, channel: NotificationChannel, value: boolean) => {
    setSavedBannerShown(false);
    save.reset();
    setFlags((current) => ({ ...current, [preferenceKey(kind, channel)]: value }));
  };

  const isTurningOnMarketingSms = flags.marketing_sms && !preferences.marketing_sms;

  return (
    <section className="card settings-card" aria-labelledby="preferences-heading">
      <div className="settings-card-head">
        <h2 id="preferences-heading">Notification Preferences</h2>
      </div>
      {isSavedBannerShown ? <Alert tone="success">{preferenceMessages.saved}</Alert> : null}
      {save.isError ? (
        <Alert tone="error" title={preferenceMessages.failed}>
          {save.error.message !== preferenceMessages.failed ? save.error.message : ''}
        </Alert>
      ) : null}
      {!isPhoneVerified ? (
        <p className="field-hint">Verify your phone number to receive text messages.</p>
      ) : null}
      <table className="preferences-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Notification</span>
            </th>
            <th scope="col">{channelLabels.email}</th>
            <th scope="col">{channelLabels.sms}</th>
          </tr>
        </thead>
        <tbody>
          {notificationKinds.map((kind) => {
            const label = notificationKindLabels[kind];
            return (
              <tr key={kind}>
                <th scope="row">
                  <span className="preference-title">{label.title}</span>
                  <span className="preference-description">{label.description}</span>
                </th>
                {(['email', 'sms'] as const).map((channel) => (
                  <td key={channel}>
                    <Switch
                      label={`${label.title} by ${channelLabels[channel]}`}
                      checked={flags[preferenceKey(kind, channel)]}
                      disabled={(channel === 'sms' && !isPhoneVerified) || save.isPending}
                      onChange={(value) => toggle(kind, channel, value)}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {isTurningOnMarketingSms ? (
        <p className="consent-note">{preferenceMessages.marketingSmsConsent(appConfig().brandName)}</p>
      ) : null}
      <div className="settings-card-actions">
        <Button
          variant="secondary"
          disabled={!isDirty || save.isPending}
          onClick={() => {
            save.reset();
            setFlags(saved);
          }}
        >
          Discard changes
        </Button>
        <Button isBusy={save.isPending} disabled={!isDirty} onClick={() => save.mutate(flags)}>
          Save preferences
        </Button>
      </div>
    </section>
  );
}
