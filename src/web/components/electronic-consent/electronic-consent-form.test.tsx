// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsentStatusResponse } from '../../../shared/consents/consent-contracts';
import {
  ELECTRONIC_RECORDS_DISCLOSURE_VERSION,
  TAX_FORMS_DISCLOSURE_VERSION,
} from '../../../shared/consents/consent-disclosures';
import { ElectronicConsentForm } from './electronic-consent-form';

function view(kind: 'electronic_records' | 'tax_forms', version: string) {
  return {
    kind,
    state: 'none' as const,
    version: null,
    current_version: version,
    is_current: false,
    recorded_at: null,
  };
}

const status: ConsentStatusResponse = {
  electronic_records: view('electronic_records', ELECTRONIC_RECORDS_DISCLOSURE_VERSION),
  tax_forms: view('tax_forms', TAX_FORMS_DISCLOSURE_VERSION),
  mailing_address: ['Ann Lee', '1 Main Street', 'Boston, MA 02110'],
  company_postal_address: 'Steadyline Notes LLC, 100 Harbor Street, Boston, MA 02210',
};

function json(body: unknown, statusCode = 200): Response {
  return new Response(JSON.stringify(body), {
    status: statusCode,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(kind: 'electronic_records' | 'tax_forms', onConsented = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ElectronicConsentForm kind={kind} status={status} onConsented={onConsented} />
    </QueryClientProvider>,
  );
  return onConsented;
}

describe('the consent form (decisions 1920-1922)', () => {
  it('shows the disclosures and the PDF link, and waits for the code and the box', () => {
    renderForm('electronic_records');
    for (const heading of [
      'Paper copies',
      'Withdrawing your consent',
      'Keeping your contact details current',
      'What you need',
    ]) {
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    }
    expect(screen.getByText(/100 Harbor Street/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the PDF' }).getAttribute('href')).toBe(
      '/api/consents/electronic_records/disclosure.pdf',
    );
    const button = screen.getByRole('button', { name: 'I consent' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Code from the PDF'), { target: { value: 'abc12' } });
    fireEvent.click(screen.getByRole('checkbox'));
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Code from the PDF'), { target: { value: 'abc123' } });
    expect(button.disabled).toBe(false);
  });

  it('sends the current version and the code in capitals, and says why a refusal happened', async () => {
    const bodies: unknown[] = [];
    let refuse = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        if (refuse) {
          return json(
            {
              error: {
                code: 'validation_failed',
                message: 'That code does not match the one in the disclosure PDF.',
              },
            },
            400,
          );
        }
        return json({ ...status, tax_forms: { ...status.tax_forms, state: 'given', is_current: true } });
      }),
    );
    const onConsented = renderForm('tax_forms');
    fireEvent.change(screen.getByLabelText('Code from the PDF'), { target: { value: 'k7qx3m' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Consent to electronic tax forms' }));
    await screen.findByText('That code does not match the one in the disclosure PDF.');
    expect(onConsented).not.toHaveBeenCalled();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Consent to electronic tax forms' }));
    await waitFor(() => expect(onConsented).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([
      { version: TAX_FORMS_DISCLOSURE_VERSION, access_code: 'K7QX3M', consent: true },
      { version: TAX_FORMS_DISCLOSURE_VERSION, access_code: 'K7QX3M', consent: true },
    ]);
  });
});
