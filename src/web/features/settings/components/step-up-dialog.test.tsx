// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepUpDialog } from './step-up-dialog';

function answerStepUpStart(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
  render(<StepUpDialog reason="change your phone number" onVerified={vi.fn()} onCancel={vi.fn()} />);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the step-up code dialog (issue 13: never claim a code that was not sent)', () => {
  it('names the phone the code went to', async () => {
    answerStepUpStart(200, { ok: true, error: null, phone_mask: '***-***-0111', retry_after_seconds: 60 });
    expect(await screen.findByText(/enter the 6-digit code we sent to/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend code in 1:00' })).toBeTruthy();
  });

  it('claims no code and counts down the server’s wait when none was sent', async () => {
    answerStepUpStart(429, {
      ok: false,
      error: 'Please wait before requesting another code.',
      phone_mask: null,
      retry_after_seconds: 40,
    });
    expect(await screen.findByText('Please wait before requesting another code.')).toBeTruthy();
    expect(screen.queryByText(/code we sent/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend code in 0:40' })).toBeTruthy();
  });

  it('says when a code still valid was sent instead of sending another', async () => {
    answerStepUpStart(200, {
      ok: true,
      error: null,
      phone_mask: '***-***-0111',
      retry_after_seconds: 0,
      code_reused: true,
      code_sent_at: '2026-03-10T15:05:00Z',
    });
    expect(await screen.findByText(/It is still valid, so we did not send another\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
  });
});
