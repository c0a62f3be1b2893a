/**
 * The consent to electronic records (ESIGN) or to electronic tax forms (decisions 1920-1922):
 * the disclosure to read, the PDF to open (it shows a code), the code typed back and the box.
 * One component for the purchase step and Settings, so both ask the same way.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { ConsentStatusResponse } from '../../../shared/consents/consent-contracts';
import {
  ACCESS_CODE_LENGTH,
  type ConsentKind,
  currentDisclosureVersion,
  electronicRecordsDisclosure,
  taxFormsDisclosure,
} from '../../../shared/consents/consent-disclosures';
import { appConfig } from '../../lib/app-config';
import { Button } from '../ui/button';
import { Alert } from '../ui/feedback';
import { Checkbox, TextField } from '../ui/field';
import { consentKeys, disclosurePdfUrl, giveConsent } from './consent-api';
import './electronic-consent.css';

const copy: Record<ConsentKind, { title: string; box: string; button: string }> = {
  electronic_records: {
    title: 'Consent to electronic records',
    box: 'I consent to receive my agreements, statements and notices electronically, and I confirm I could open the PDF above.',
    button: 'I consent',
  },
  tax_forms: {
    title: 'Consent to electronic tax forms',
    box: 'I consent to receive my Form 1099-INT electronically instead of on paper, and I confirm I could open the PDF above.',
    button: 'Consent to electronic tax forms',
  },
};

export function ElectronicConsentForm({
  kind,
  status,
  intro,
  onConsented,
  onCancel,
  cancelLabel = 'Not now',
}: {
  kind: ConsentKind;
  /** The investor's consents (for the company address the disclosure names). */
  status: ConsentStatusResponse;
  /** A sentence on why it is asked now (before an agreement, after a new version). */
  intro?: string;
  onConsented(status: ConsentStatusResponse): void;
  onCancel?(): void;
  cancelLabel?: string;
}) {
  const queryClient = useQueryClient();
  const { brandName, supportEmail } = appConfig();
  const issuer = { brandName, supportEmail, postalAddress: status.company_postal_address };
  const sections =
    kind === 'electronic_records' ? electronicRecordsDisclosure(issuer) : taxFormsDisclosure(issuer);
  const [code, setCode] = useState('');
  const [hasTicked, setTicked] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const isCodeComplete = code.trim().length === ACCESS_CODE_LENGTH;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCodeComplete || !hasTicked) return;
    setSaving(true);
    setFailure(null);
    try {
      const status = await giveConsent(kind, {
        version: currentDisclosureVersion[kind],
        access_code: code.trim().toUpperCase(),
        consent: true,
      });
      queryClient.setQueryData(consentKeys.status, status);
      onConsented(status);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'An unexpected error occurred');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="consent-form" onSubmit={submit} aria-label={copy[kind].title}>
      {intro ? <p className="consent-intro">{intro}</p> : null}
      <div
        className="consent-disclosure"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users scroll the disclosure with the arrow keys
        tabIndex={0}
        role="document"
        aria-label={`${copy[kind].title}: disclosure`}
      >
        {sections.map((section) => (
          <section key={section.heading}>
            <h4>{section.heading}</h4>
            {section.paragraphs.length > 1 && section.heading.startsWith('What you need') ? (
              <ul>
                {section.paragraphs.map((paragraph) => (
                  <li key={paragraph}>{paragraph}</li>
                ))}
              </ul>
            ) : (
              section.paragraphs.map((paragraph) => <p key={paragraph}>{paragraph}</p>)
            )}
          </section>
        ))}
        <p className="muted consent-version">Disclosure version {currentDisclosureVersion[kind]}</p>
      </div>
      <ol className="consent-steps">
        <li>
          <div className="consent-step-row">
            <span>Open the disclosure as a PDF. It shows a 6-character code.</span>
            <a
              className="btn btn-secondary btn-sm"
              href={disclosurePdfUrl(kind)}
              target="_blank"
              rel="noopener"
            >
              Open the PDF
            </a>
          </div>
        </li>
        <li>
          <TextField
            label="Code from the PDF"
            value={code}
            maxLength={ACCESS_CODE_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="consent-code"
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            hint="Typing it shows you can open the PDF files your records come in."
          />
        </li>
      </ol>
      <Checkbox
        label={copy[kind].box}
        checked={hasTicked}
        onChange={(event) => setTicked(event.target.checked)}
      />
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="consent-actions">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
        ) : null}
        <Button type="submit" disabled={!isCodeComplete || !hasTicked || isSaving}>
          {isSaving ? 'Saving...' : copy[kind].button}
        </Button>
      </div>
    </form>
  );
}
