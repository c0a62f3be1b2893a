// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AgreementStep } from './agreement-step';

afterEach(() => {
  cleanup();
});

function agreementText(confirmLabel: 'BUY' | 'CONVERT'): string {
  render(
    <AgreementStep
      confirmLabel={confirmLabel}
      consentLabel="I agree"
      hasConsented={false}
      onConsentChange={() => {}}
      onBack={() => {}}
      onNext={() => {}}
    />,
  );
  return screen.getByRole('document', { name: 'Perpetual Note Agreement' }).textContent ?? '';
}

describe('the agreement names the button the investor will press (issue 24 item 19)', () => {
  it('says CONVERT in a conversion, whose review step shows CONVERT', () => {
    const text = agreementText('CONVERT');
    expect(text).toContain('pressing CONVERT');
    expect(text).not.toContain('pressing BUY');
  });

  it('says BUY in a purchase', () => {
    expect(agreementText('BUY')).toContain('pressing BUY');
  });
});
