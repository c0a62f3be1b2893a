// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdentityForm } from './identity-form';

let requests: { url: string; body: unknown }[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      return new Response(JSON.stringify({ ok: false, error: 'unexpected', identity: null }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fill(label: string | RegExp, value: string) {
  const field = screen.getByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

describe('identity form', () => {
  it('refuses a legal name that is a spreadsheet formula, in place, and sends nothing', async () => {
    render(<IdentityForm onVerified={vi.fn()} onSettled={vi.fn()} onCancel={vi.fn()} />);
    fill('First name', '=HYPERLINK("https://evil.example","Ann")');
    fill('Last name', 'Lee');
    fill('Date of birth', '1985-04-12');
    fill('Social Security number', '123456789');
    fill(/^Address/, '1 Main Street');
    fill('City', 'Boston');
    fill('State', 'MA');
    fill('ZIP code', '02110');

    expect(
      await screen.findByText(
        'First name can only contain letters, spaces, hyphens, apostrophes and periods',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify identity' }));
    await waitFor(() =>
      expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(requests).toEqual([]);
  });
});
