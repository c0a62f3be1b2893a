export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsProvider {
  readonly name: 'twilio' | 'outbox';
  send(message: SmsMessage): Promise<{ providerMessageId?: string }>;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** Overridable so tests can point at a local fake of the Twilio API (the edge of the internet). */
  apiBase?: string;
}

export function twilioSmsProvider(settings: TwilioSettings): SmsProvider {
  const base = settings.apiBase ?? 'https://api.twilio.com';
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(message) {
      const response = await fetch(`${base}/2010-04-01/Accounts/${settings.accountSid}/Messages.json`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: message.to, From: settings.from, Body: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Twilio refused the message (HTTP ${response.status})`);
      const body = (await response.json()) as { sid?: string };
      return { providerMessageId: body.sid };
    },
  };
}

export function outboxOnlySmsProvider(): SmsProvider {
  return {
    name: 'outbox',
    async send() {
      return {};
    },
  };
}
