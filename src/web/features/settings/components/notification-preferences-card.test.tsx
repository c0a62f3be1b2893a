// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultNotificationPreferences,
  type NotificationPreferencesView,
} from '../../../../shared/settings/notification-preferences';
import { NotificationPreferencesCard } from './notification-preferences-card';

const saved: NotificationPreferencesView = {
  ...defaultNotificationPreferences,
  updated_at: '2026-03-10T15:00:00.000Z',
  marketing_sms_consent_at: null,
};

function renderCard(isPhoneVerified: boolean, respond: (body: Record<string, boolean>) => Response) {
  const bodies: Record<string, boolean>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, boolean>;
      bodies.push(body);
      return respond(body);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NotificationPreferencesCard preferences={saved} isPhoneVerified={isPhoneVerified} />
    </QueryClientProvider>,
  );
  return bodies;
}

const switchNamed = (name: string) => screen.getByRole('switch', { name }) as HTMLButtonElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Notification Preferences', () => {
  it('disables every SMS switch without a verified phone', () => {
    renderCard(false, () => new Response('{}'));
    expect(screen.getByText('Verify your phone number to receive text messages.')).toBeTruthy();
    for (const name of [
      'Investment purchases',
      'Interest payments',
      'Withdrawals',
      'Account verification',
      'News and offers',
    ]) {
      expect(switchNamed(`${name} by SMS`).disabled).toBe(true);
      expect(switchNamed(`${name} by E-mail`).disabled).toBe(false);
    }
  });

  it('saves the switches, shows the consent for marketing texts, and hides the success banner after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies = renderCard(
      true,
      (body) =>
        new Response(
          JSON.stringify({ ...body, updated_at: '2026-03-10T15:01:00.000Z', marketing_sms_consent_at: null }),
        ),
    );
    const save = screen.getByRole('button', { name: 'Save preferences' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(switchNamed('News and offers by SMS').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(switchNamed('News and offers by SMS'));
    expect(screen.getByText(/By turning on marketing texts you agree/)).toBeTruthy();
    fireEvent.click(save);
    await screen.findByText('Notification preferences saved successfully');
    expect(bodies[0]).toEqual({ ...defaultNotificationPreferences, marketing_sms: true });
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.queryByText('Notification preferences saved successfully')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(screen.queryByText('Notification preferences saved successfully')).toBeNull());
  });

  it('says Failed to save preferences, with the reason, and keeps the changes', async () => {
    renderCard(
      true,
      () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'validation_failed',
              message: 'Verify your phone number to turn on text message notifications.',
            },
          }),
          { status: 422 },
        ),
    );
    fireEvent.click(switchNamed('Withdrawals by SMS'));
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await screen.findByText('Failed to save preferences');
    expect(screen.getByText('Verify your phone number to turn on text message notifications.')).toBeTruthy();
    expect(switchNamed('Withdrawals by SMS').getAttribute('aria-checked')).toBe('true');
  });
});
