// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthRequestError } from '../api/auth-api';
import { CodeVerificationForm } from './code-verification-form';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const BUDGET_USED =
  'For your security, we send only a few sign-in codes to one phone each hour, and this phone has had them.';

/** The element the code field names as its description, when it names one. */
function fieldDescription(): HTMLElement | null {
  const describedBy = screen.getByLabelText('Verification code').getAttribute('aria-describedby');
  return describedBy ? document.getElementById(describedBy) : null;
}

function renderForm(overrides: Partial<Parameters<typeof CodeVerificationForm>[0]> = {}) {
  const props = {
    description: 'We sent a code.',
    initialWaitSeconds: 60,
    verify: vi.fn(async () => undefined),
    resend: vi.fn(async () => 60),
    onVerified: vi.fn(),
    ...overrides,
  };
  render(<CodeVerificationForm {...props} />);
  return props;
}

describe('the 6-digit code form (spec 4 and 5)', () => {
  it('strips non-digits and keeps submit disabled until six digits', () => {
    renderForm();
    const input = screen.getByLabelText('Verification code') as HTMLInputElement;
    const submit = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    fireEvent.change(input, { target: { value: '12-3a4' } });
    expect(input.value).toBe('1234');
    expect(submit.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '123 4567' } });
    expect(input.value).toBe('123456');
    expect(submit.disabled).toBe(false);
  });

  it('shows the resend countdown, then Resend code', async () => {
    renderForm({ initialWaitSeconds: 60 });
    expect(screen.getByText('1:00')).toBeTruthy();
    cleanup();
    renderForm({ initialWaitSeconds: 0 });
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
  });

  it('shows Invalid code when the check fails and lets the investor try again', async () => {
    const props = renderForm({
      verify: vi.fn(async () => {
        throw new AuthRequestError('Invalid code');
      }),
    });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByText('Invalid code')).toBeTruthy());
    expect(props.onVerified).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows Failed to resend code and waits out the server’s retry-after', async () => {
    renderForm({
      initialWaitSeconds: 0,
      resend: vi.fn(async () => {
        throw new AuthRequestError('Failed to resend code', 30);
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(screen.getByText('Failed to resend code')).toBeTruthy());
    expect(screen.getByText('0:30')).toBeTruthy();
  });

  it('says beside the field why no code could be sent and when one can be, in minutes and seconds', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    renderForm({ initialWaitSeconds: 2352, initialCooldownReason: BUDGET_USED });
    const beside = fieldDescription();
    expect(beside?.textContent).toBe(`${BUDGET_USED}You can request a new code in 39:12.`);
    expect(screen.getByRole('alert').textContent).toBe(BUDGET_USED);
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();

    act(() => {
      vi.advanceTimersByTime(2352_000);
    });
    expect(screen.queryByText(BUDGET_USED)).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
  });

  it('puts a refused resend’s reason and countdown beside the field, not a stale wait in words', async () => {
    const props = renderForm({
      initialWaitSeconds: 0,
      resend: vi.fn(async () => {
        throw new AuthRequestError(BUDGET_USED, 2352);
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() =>
      expect(fieldDescription()?.textContent).toContain('You can request a new code in 39:1'),
    );
    expect(fieldDescription()?.textContent).toContain(BUDGET_USED);
    expect(props.resend).toHaveBeenCalledTimes(1);
  });
});
