// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BankConnectStep } from './bank-connect-step';

const linkToken = {
  link_token: 'sealed-token',
  link_url: '/sandbox/bank-link?link_token=sealed-token',
  expiration: '2026-03-10T15:30:00.000Z',
  provider: 'sandbox',
  provider_name: 'Sandbox',
  is_bank_change: false,
  error: null,
  error_code: null,
};

const linkedAccount = {
  id: '7d4f1b8e-2c1a-4b7e-9a55-0d9f8d7c6b5a',
  institution_name: 'First Harbor Bank',
  institution_logo: null,
  account_type: 'checking',
  account_name: 'Everyday Checking',
  account_last_four: '6789',
  is_primary: true,
  verification_status: 'verified',
  linked_at: '2026-03-10T15:00:00.000Z',
  verified_at: '2026-03-10T15:00:00.000Z',
  replaces_bank_account_id: null,
  micro_deposit_attempts_left: null,
  sandbox_statement: null,
};

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let requests: { url: string; body: unknown }[];

function serve(answers: Record<string, () => Response>) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      const answer = answers[url];
      if (!answer) throw new Error(`unexpected ${url}`);
      return answer();
    }),
  );
}

function fakePopup(): Window {
  return { closed: false } as unknown as Window;
}

function post(source: Window, data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as MessageEventSource }));
  });
}

beforeEach(() => {
  serve({
    '/functions/v1/bank-connection-link-token': () => jsonResponse(linkToken),
    '/functions/v1/bank-connection-exchange': () =>
      jsonResponse({ ok: true, error: null, error_code: null, bank_account: linkedAccount }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function ready(props: Partial<Parameters<typeof BankConnectStep>[0]> = {}) {
  const onLinked = vi.fn();
  const onBack = vi.fn();
  render(<BankConnectStep onLinked={onLinked} onBack={onBack} {...props} />);
  await screen.findByRole('button', { name: 'Connect bank account' });
  return { onLinked, onBack };
}

describe('the bank step of the wizard', () => {
  it('links the account the popup reports, ignoring messages from other origins or windows', async () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const { onLinked } = await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank account' }));
    expect(open).toHaveBeenCalledWith(linkToken.link_url, 'bank-link', expect.any(String));

    const success = { action: 'success', public_token: 'public-sandbox-x', account_id: 'acc-1' };
    post(popup, success, 'https://evil.example');
    post(fakePopup(), success);
    post(popup, { action: 'steal' });
    expect(requests.some((request) => request.url.includes('exchange'))).toBe(false);

    post(popup, success);
    await waitFor(() => expect(onLinked).toHaveBeenCalledWith(linkedAccount));
    expect(requests.find((request) => request.url.includes('exchange'))?.body).toEqual({
      link_token: 'sealed-token',
      public_token: 'public-sandbox-x',
      account_id: 'acc-1',
    });
  });

  it('asks to allow popups when the browser blocks the window, with Try Again and Back', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValueOnce(null);
    const { onBack } = await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank account' }));
    await screen.findByText('Please allow popups for this site');
    open.mockReturnValueOnce(fakePopup());
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(open).toHaveBeenCalledTimes(2);
    await screen.findByText(/Finish in the Sandbox window/);
    cleanup();

    open.mockReturnValueOnce(null);
    await ready({ onBack });
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank account' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
  });

  it('says the provider Link could not start, or that linking could not complete', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank account' }));
    post(popup, { action: 'exit', error: 'init_failed' });
    await screen.findByText('Failed to initialize Sandbox Link');

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Connect bank account' }));
    post(popup, { action: 'exit', error: 'link_failed' });
    await screen.findByText('Failed to complete bank account linking');
  });

  it('goes back to the connect button when the investor closes the popup', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const popup = { closed: false } as { closed: boolean };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank account' }));
    expect((screen.getByRole('button', { name: 'Connect bank account' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    popup.closed = true;
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    expect((screen.getByRole('button', { name: 'Connect bank account' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    vi.useRealTimers();
  });

  it('shows the spec’s messages when the link token or the exchange fails', async () => {
    serve({
      '/functions/v1/bank-connection-link-token': () =>
        jsonResponse(
          { ...linkToken, link_token: null, link_url: null, error: 'Failed to create link token' },
          502,
        ),
    });
    render(<BankConnectStep onLinked={vi.fn()} onBack={vi.fn()} />);
    await screen.findByText('Failed to create link token');
    cleanup();

    serve({
      '/functions/v1/bank-connection-link-token': () => jsonResponse({ ...linkToken, link_url: null }),
    });
    render(<BankConnectStep onLinked={vi.fn()} onBack={vi.fn()} />);
    await screen.findByText('Failed to initialize Sandbox Link');
    cleanup();

    serve({
      '/functions/v1/bank-connection-link-token': () => jsonResponse(linkToken),
      '/functions/v1/bank-connection-exchange': () =>
        jsonResponse(
          { ok: false, error: 'Failed to link bank account', error_code: 'bad_request', bank_account: null },
          400,
        ),
    });
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank account' }));
    post(popup, { action: 'success', public_token: 'public-sandbox-x' });
    await screen.findByText('Failed to link bank account');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('asks for a fresh SMS code when the server wants one, then starts again', async () => {
    let calls = 0;
    serve({
      '/functions/v1/bank-connection-link-token': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(
              {
                ...linkToken,
                link_token: null,
                link_url: null,
                error: 'step up',
                error_code: 'step_up_required',
              },
              403,
            )
          : jsonResponse({ ...linkToken, is_bank_change: true });
      },
    });
    const requestStepUp = vi.fn(async () => true);
    await ready({ requestStepUp });
    expect(requestStepUp).toHaveBeenCalledTimes(1);
    expect(
      screen.getByText('Your current account stays primary until the new one is verified.'),
    ).toBeTruthy();
  });
});
