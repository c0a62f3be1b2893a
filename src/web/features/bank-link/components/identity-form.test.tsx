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

function fillValues(values: [label: string | RegExp, value: string][]) {
  for (const [label, value] of values) fill(label, value);
}

const validAddress: [string | RegExp, string][] = [
  [/^Address/, '1 Main Street'],
  ['Apartment, suite, etc. (optional)', 'Apt 4'],
  ['City', 'Boston'],
  ['State', 'MA'],
  ['ZIP code', '02110'],
];

function renderForm(firstName: string) {
  render(<IdentityForm onVerified={vi.fn()} onSettled={vi.fn()} onCancel={vi.fn()} />);
  fillValues([
    ['First name', firstName],
    ['Last name', 'Lee'],
    ['Date of birth', '1985-04-12'],
    ['Social Security number', '123456789'],
  ]);
}

describe('identity form', () => {
  it('refuses a legal name that is a spreadsheet formula, in place, and sends nothing', async () => {
    renderForm('=HYPERLINK("https://evil.example","Ann")');
    fillValues(validAddress);

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

  it('shows the address rules in place and sends the address as typed', async () => {
    renderForm('Ann');
    fill('ZIP code', '0211');
    expect(await screen.findByText('Valid ZIP code is required')).toBeTruthy();

    fillValues(validAddress);
    fireEvent.click(screen.getByRole('button', { name: 'Verify identity' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({
      address1: '1 Main Street',
      address2: 'Apt 4',
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
    });
  });
});
