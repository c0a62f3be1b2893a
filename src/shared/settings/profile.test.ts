import { describe, expect, it } from 'vitest';
import { notificationPreferenceFlags, defaultNotificationPreferences } from './notification-preferences';
import { profileMessages, updateProfileRequest } from './profile';

function messageFor(input: { first_name?: unknown; last_name?: unknown }): string | undefined {
  const result = updateProfileRequest.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('Edit Name', () => {
  it('accepts real names and tidies spaces', () => {
    expect(updateProfileRequest.parse({ first_name: '  Mary  Ann ', last_name: "O'Brien-Smith" })).toEqual({
      first_name: 'Mary Ann',
      last_name: "O'Brien-Smith",
    });
    expect(messageFor({ first_name: 'José', last_name: 'Núñez Jr.' })).toBeUndefined();
    expect(messageFor({ first_name: '李', last_name: '小龍' })).toBeUndefined();
  });

  it('requires both names', () => {
    expect(messageFor({ first_name: '', last_name: 'Lee' })).toBe(profileMessages.firstNameRequired);
    expect(messageFor({ first_name: 'Ann', last_name: '  ' })).toBe(profileMessages.lastNameRequired);
    expect(messageFor({ last_name: 'Lee' })).toBe(profileMessages.firstNameRequired);
  });

  it('refuses digits, symbols and overlong names', () => {
    expect(messageFor({ first_name: 'Ann2', last_name: 'Lee' })).toBe(
      profileMessages.characters('First name'),
    );
    expect(messageFor({ first_name: 'Ann', last_name: '<script>' })).toBe(
      profileMessages.characters('Last name'),
    );
    expect(messageFor({ first_name: '-Ann', last_name: 'Lee' })).toBe(
      profileMessages.characters('First name'),
    );
    expect(messageFor({ first_name: 'A'.repeat(51), last_name: 'Lee' })).toBe(
      profileMessages.tooLong('First name'),
    );
  });
});

describe('notification preference flags', () => {
  it('has the six kinds on two channels, marketing off by default, and nothing else', () => {
    expect(Object.keys(defaultNotificationPreferences)).toHaveLength(12);
    expect(defaultNotificationPreferences.marketing_email).toBe(false);
    expect(defaultNotificationPreferences.marketing_sms).toBe(false);
    expect(notificationPreferenceFlags.safeParse(defaultNotificationPreferences).success).toBe(true);
    expect(
      notificationPreferenceFlags.safeParse({ ...defaultNotificationPreferences, extra: true }).success,
    ).toBe(false);
    const { marketing_sms: _omitted, ...missing } = defaultNotificationPreferences;
    expect(notificationPreferenceFlags.safeParse(missing).success).toBe(false);
  });
});
