import { describe, expect, it } from 'vitest';
import { marketingSmsText } from './marketing-copy';
import { campaignInputSchema, successRateLabel, templateInputSchema, willSendToMessage } from './contracts';

describe('notification contracts', () => {
  it('rounds the success rate to a whole percent, N/A without recipients or before sending', () => {
    expect(successRateLabel(0, 0, 'sent')).toBe('N/A');
    expect(successRateLabel(2, 3, 'sent')).toBe('67%');
    expect(successRateLabel(199, 200, 'sending')).toBe('100%');
    expect(successRateLabel(1, 200, 'failed')).toBe('1%');
    expect(successRateLabel(0, 200, 'draft')).toBe('N/A');
  });

  it('says how many recipients a preview found', () => {
    expect(willSendToMessage(1)).toBe('Will send to 1 recipient');
    expect(willSendToMessage(1250)).toBe('Will send to 1250 recipients');
  });

  it('stores no subject for SMS templates and needs one for e-mail', () => {
    expect(
      templateInputSchema.parse({ name: 'T', type: 'sms', subject: 'x', body: 'Hi' }).subject,
    ).toBeNull();
    const refused = templateInputSchema.safeParse({ name: 'T', body: 'Hi' });
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.message)).toEqual([
      'Subject is required for an e-mail',
    ]);
  });

  it('turns empty template and schedule into null, and drops free-form content when a template is chosen', () => {
    const freeForm = campaignInputSchema.parse({
      name: 'C',
      template_id: '',
      scheduled_at: '',
      body: 'Hi',
      subject: 'S',
    });
    expect(freeForm).toMatchObject({
      template_id: null,
      scheduled_at: null,
      type: 'email',
      subject: 'S',
      body: 'Hi',
    });
    const templated = campaignInputSchema.parse({
      name: 'C',
      template_id: '3f1c2b7e-8d4a-4c1e-9b2a-1d2e3f4a5b6c',
      body: 'ignored',
    });
    expect(templated).toMatchObject({ type: null, subject: null, body: null, recipient_count: 0 });
  });

  it('brands a marketing SMS and adds the opt-out instruction once', () => {
    expect(marketingSmsText('Steadyline', 'New notes are live.')).toBe(
      'Steadyline: New notes are live.\nReply STOP to opt out.',
    );
    expect(marketingSmsText('Steadyline', 'Steadyline news. Text STOP to end.')).toBe(
      'Steadyline news. Text STOP to end.',
    );
  });
});
