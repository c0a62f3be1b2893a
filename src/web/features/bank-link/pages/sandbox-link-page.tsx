/**
 * /sandbox/bank-link: the sandbox bank-connection provider's Link page, opened in a popup by
 * the wizard. The investor picks a sandbox institution and account (verified at once) or
 * enters an account by hand (verified by two micro-deposits); the answer goes back to the
 * opener with postMessage (action success or exit) and the popup closes.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  accountNumber as accountNumberRule,
  routingNumber as routingNumberRule,
} from '../../../../shared/banking/bank-account-numbers';
import {
  bankAccountTypes,
  type BankAccountType,
  bankNumberMessages,
  maskedAccount,
} from '../../../../shared/banking/bank-account-format';
import type { SandboxInstitution, SandboxSelection } from '../../../../shared/banking/contracts';
import { Button } from '../../../components/ui/button';
import { Alert, LoadingState } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { usePageTitle } from '../../../lib/use-page-title';
import { createSandboxPublicToken, fetchSandboxSession } from '../api/bank-link-api';
import { answerOpener } from '../hooks/use-link-popup';
import '../bank-link.css';

type Screen =
  | { name: 'loading' }
  | { name: 'unavailable'; message: string }
  | { name: 'institutions' }
  | { name: 'accounts'; institution: SandboxInstitution }
  | { name: 'manual' }
  | { name: 'connecting' }
  | { name: 'connected'; label: string };

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('');
}

function InstitutionBadge({ institution }: { institution: Pick<SandboxInstitution, 'name' | 'color'> }) {
  return (
    <span className="institution-badge" style={{ background: institution.color }} aria-hidden="true">
      {initialsOf(institution.name)}
    </span>
  );
}

function closeSoon(): void {
  window.setTimeout(() => window.close(), 700);
}

function ManualEntry({ onSubmit, onBack }: { onSubmit(selection: SandboxSelection): void; onBack(): void }) {
  const [routing, setRouting] = useState('');
  const [number, setNumber] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [type, setType] = useState<BankAccountType>('checking');
  const [errors, setErrors] = useState<Record<string, string>>({});

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found: Record<string, string> = {};
        const routingResult = routingNumberRule.safeParse(routing);
        if (!routingResult.success) found.routing = bankNumberMessages.routingNumber;
        const numberResult = accountNumberRule.safeParse(number);
        if (!numberResult.success) found.number = bankNumberMessages.accountNumber;
        else if (number.replace(/\s/g, '') !== confirmation.replace(/\s/g, '')) {
          found.confirmation = bankNumberMessages.accountNumbersDiffer;
        }
        setErrors(found);
        if (Object.keys(found).length > 0) return;
        onSubmit({ kind: 'manual', routing_number: routing, account_number: number, account_type: type });
      }}
    >
      <p className="muted">
        We will send two small deposits to this account. Confirming their amounts in Settings proves it is
        yours; this takes 1-2 business days.
      </p>
      <TextField
        label="Routing number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        value={routing}
        onChange={(event) => setRouting(event.target.value)}
        error={errors.routing}
      />
      <TextField
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        error={errors.number}
      />
      <TextField
        label="Confirm account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={errors.confirmation}
      />
      <fieldset className="choice-group">
        <legend className="field-label">Account type</legend>
        {bankAccountTypes.map((option) => (
          <label key={option} className="choice">
            <input
              type="radio"
              name="account-type"
              value={option}
              checked={type === option}
              onChange={() => setType(option)}
            />
            <span>{option === 'checking' ? 'Checking' : 'Savings'}</span>
          </label>
        ))}
      </fieldset>
      <div className="link-actions">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit">Continue</Button>
      </div>
    </form>
  );
}

export function SandboxLinkPage() {
  usePageTitle('Connect your bank');
  const linkToken = useMemo(() => new URLSearchParams(window.location.search).get('link_token') ?? '', []);
  const [screen, setScreen] = useState<Screen>({ name: 'loading' });
  const [institutions, setInstitutions] = useState<SandboxInstitution[]>([]);
  const [search, setSearch] = useState('');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!linkToken) {
      answerOpener({ action: 'exit', error: 'init_failed' });
      setScreen({
        name: 'unavailable',
        message: 'This page needs a link session. Start again from the app.',
      });
      return;
    }
    fetchSandboxSession(linkToken)
      .then((session) => {
        setInstitutions(session.institutions);
        setScreen({ name: 'institutions' });
      })
      .catch((caught: unknown) => {
        answerOpener({ action: 'exit', error: 'init_failed' });
        setScreen({
          name: 'unavailable',
          message: caught instanceof Error ? caught.message : 'This session could not start.',
        });
      });
  }, [linkToken]);

  const exit = () => {
    answerOpener({ action: 'exit' });
    window.close();
  };

  const connect = async (selection: SandboxSelection, back: Screen) => {
    setError(null);
    setScreen({ name: 'connecting' });
    try {
      const result = await createSandboxPublicToken(linkToken, selection);
      const account = result.metadata.account;
      setScreen({
        name: 'connected',
        label: `${result.metadata.institution?.name ?? 'Your bank'} ${maskedAccount(account?.mask ?? '')}`,
      });
      if (
        answerOpener({
          action: 'success',
          public_token: result.public_token,
          account_id: result.account_id,
          metadata: result.metadata,
        })
      ) {
        closeSoon();
      }
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong. Please try again.');
      setScreen(back);
    }
  };

  const visible = institutions.filter((institution) =>
    institution.name.toLowerCase().includes(search.trim().toLowerCase()),
  );

  return (
    <div className="link-page">
      <main className="link-card" aria-labelledby="link-title">
        <header className="link-card-head">
          <span className="badge badge-warning">SANDBOX</span>
          <button type="button" className="modal-close" aria-label="Close" onClick={exit}>
            ×
          </button>
        </header>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {screen.name === 'loading' ? <LoadingState /> : null}
        {screen.name === 'unavailable' ? (
          <>
            <h1 id="link-title">Connection unavailable</h1>
            <p className="muted">{screen.message}</p>
            <Button block onClick={() => window.close()}>
              Close
            </Button>
          </>
        ) : null}
        {screen.name === 'institutions' ? (
          <>
            <h1 id="link-title">Select your bank</h1>
            <p className="muted">Sandbox institutions: no real bank or money is involved.</p>
            <TextField
              label="Search"
              hideLabel
              type="search"
              placeholder="Search institutions"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <ul className="institution-list">
              {visible.map((institution) => (
                <li key={institution.id}>
                  <button
                    type="button"
                    className="institution-option"
                    onClick={() => {
                      setAccountId(institution.accounts[0]?.id ?? null);
                      setScreen({ name: 'accounts', institution });
                    }}
                  >
                    <InstitutionBadge institution={institution} />
                    <span>{institution.name}</span>
                  </button>
                </li>
              ))}
              {visible.length === 0 ? <li className="muted">No institution matches “{search}”.</li> : null}
            </ul>
            <button type="button" className="btn-link" onClick={() => setScreen({ name: 'manual' })}>
              Enter account details manually
            </button>
          </>
        ) : null}
        {screen.name === 'accounts' ? (
          <>
            <div className="link-institution">
              <InstitutionBadge institution={screen.institution} />
              <h1 id="link-title">{screen.institution.name}</h1>
            </div>
            <fieldset className="choice-group">
              <legend className="field-label">Choose the account to link</legend>
              {screen.institution.accounts.map((account) => (
                <label key={account.id} className="choice choice-card">
                  <input
                    type="radio"
                    name="account"
                    value={account.id}
                    checked={accountId === account.id}
                    onChange={() => setAccountId(account.id)}
                  />
                  <span>
                    <strong>{account.name}</strong>
                    <span className="muted">
                      {' '}
                      {account.type === 'checking' ? 'Checking' : 'Savings'} {maskedAccount(account.mask)}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            <div className="link-actions">
              <Button variant="secondary" onClick={() => setScreen({ name: 'institutions' })}>
                Back
              </Button>
              <Button
                disabled={!accountId}
                onClick={() =>
                  accountId &&
                  connect(
                    { kind: 'institution', institution_id: screen.institution.id, account_id: accountId },
                    screen,
                  )
                }
              >
                Continue
              </Button>
            </div>
          </>
        ) : null}
        {screen.name === 'manual' ? (
          <>
            <h1 id="link-title">Enter your account details</h1>
            <ManualEntry
              onSubmit={(selection) => connect(selection, { name: 'manual' })}
              onBack={() => setScreen({ name: 'institutions' })}
            />
          </>
        ) : null}
        {screen.name === 'connecting' ? <LoadingState text="Connecting..." /> : null}
        {screen.name === 'connected' ? (
          <div className="wizard-success" role="status">
            <span className="wizard-success-icon" aria-hidden="true">
              ✓
            </span>
            <h1 id="link-title">Connected</h1>
            <p className="muted">{screen.label}</p>
            {window.opener ? null : <p className="muted">You can close this window.</p>}
          </div>
        ) : null}
      </main>
    </div>
  );
}
