// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthRequestError } from '../api/auth-api';
import { CodeVerificationForm } from './code-verification-form';

afterEach(() => {
  cleanup();
});

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
});
