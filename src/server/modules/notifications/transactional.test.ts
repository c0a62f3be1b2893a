import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { investorNotifications, notificationPreferences, outboxMessages } from '../../db/schema';
import { createAudience } from '../../test-support/notification-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { notifyInvestor } from './transactional';
import {
  accountVerificationMessage,
  interestPaymentMessage,
  investmentPurchaseMessage,
  withdrawalConfirmationMessage,
} from './transactional-templates';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
});

const purchase = investmentPurchaseMessage('Steadyline', {
  amount: '25000.00',
  planName: 'Standard Income Note, 2 years',
  startDate: '2026-03-10',
  bankLastFour: '6789',
});

async function outbox() {
  return testApp.context.db.select().from(outboxMessages);
}

describe('transactional messages', () => {
  it('go to the bell and by e-mail by default, never by SMS unless allowed', async () => {
    const [member] = await createAudience(testApp.context.db, {
      count: 1,
      withPhone: true,
      withoutPreferences: true,
    });
    const result = await notifyInvestor(testApp.context, { investorId: member!.investorId, ...purchase });
    expect(result.channels).toEqual(['email']);
    const [bell] = await testApp.context.db
      .select()
      .from(investorNotifications)
      .where(eq(investorNotifications.investorId, member!.investorId));
    expect(bell).toMatchObject({ kind: 'investment_purchase', title: 'Investment confirmed: $25,000.00' });
    const [mail] = await outbox();
    expect(mail).toMatchObject({
      channel: 'email',
      toAddress: member!.email,
      subject: 'Your $25,000.00 investment is confirmed',
    });
    expect(mail!.html).toContain('Your investment is confirmed');
    expect(mail!.html).toContain('href="http://localhost:3000/account-overview"');
    expect(mail!.html).toContain(testApp.config.COMPANY_POSTAL_ADDRESS);
    expect(mail!.text).toContain('Amount: $25,000.00');
  });

  it('follow the investor preferences per kind and channel, SMS only to a verified phone', async () => {
    const [verified] = await createAudience(testApp.context.db, { count: 1, withPhone: true });
    const [unverified] = await createAudience(testApp.context.db, {
      count: 1,
      withPhone: true,
      phoneVerified: false,
    });
    for (const member of [verified!, unverified!]) {
      await testApp.context.db
        .update(notificationPreferences)
        .set({ interestPaymentEmail: false, interestPaymentSms: true })
        .where(eq(notificationPreferences.investorId, member.investorId));
    }
    const interest = interestPaymentMessage('Steadyline', {
      executionDate: '2026-03-01',
      paidToBank: '41.10',
      creditedToNotes: '0.00',
    });
    expect(
      (await notifyInvestor(testApp.context, { investorId: verified!.investorId, ...interest })).channels,
    ).toEqual(['sms']);
    expect(
      (await notifyInvestor(testApp.context, { investorId: unverified!.investorId, ...interest })).channels,
    ).toEqual([]);
    const messages = await outbox();
    expect(messages.map((message) => [message.channel, message.toAddress, message.text])).toEqual([
      ['sms', verified!.phone, 'Steadyline: interest of $41.10 was posted to your account.'],
    ]);
    const purchaseStillEmailed = await notifyInvestor(testApp.context, {
      investorId: verified!.investorId,
      ...purchase,
    });
    expect(purchaseStillEmailed.channels).toEqual(['email']);
  });

  it('escape what they show, so a plan or bank name cannot inject markup', async () => {
    const [member] = await createAudience(testApp.context.db, { count: 1 });
    await notifyInvestor(testApp.context, {
      investorId: member!.investorId,
      ...accountVerificationMessage('Steadyline', {
        verified: 'bank_account',
        institutionName: '<img src=x onerror=alert(1)>',
        bankLastFour: '1234',
      }),
    });
    const [mail] = await outbox();
    expect(mail!.html).not.toContain('<img src=x');
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('describe withdrawals with the account they were sent to', () => {
    const message = withdrawalConfirmationMessage('Steadyline', {
      executionDate: '2026-03-31',
      amount: '1500.00',
      bankLastFour: '6789',
    });
    expect(message.body).toBe(
      'Your transfer of $1,500.00 to your bank account ending 6789 was sent on March 31, 2026. It usually arrives within one business day.',
    );
    expect(message.email?.facts).toContainEqual({ label: 'To', value: 'Account ending 6789' });
  });
});
