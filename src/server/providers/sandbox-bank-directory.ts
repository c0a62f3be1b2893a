import type { BankAccountType } from '../../shared/banking/bank-account-numbers';

export interface SandboxInstitutionEntry {
  id: string;
  name: string;
  routingNumber: string;
  color: string;
  accounts: { id: string; name: string; type: BankAccountType }[];
}

/**
 * The sandbox bank's directory: made-up institutions the local Link page offers, like a
 * bank-connection vendor's test institutions. Their accounts verify instantly; manual
 * entry goes through micro-deposits instead.
 */
export const sandboxInstitutions: readonly SandboxInstitutionEntry[] = [
  {
    id: 'ins_sandbox_first_harbor',
    name: 'First Harbor Bank',
    routingNumber: '011000015',
    color: '#1f4e79',
    accounts: [
      { id: 'everyday_checking', name: 'Everyday Checking', type: 'checking' },
      { id: 'harbor_savings', name: 'Harbor Savings', type: 'savings' },
    ],
  },
  {
    id: 'ins_sandbox_granite_state',
    name: 'Granite State Credit Union',
    routingNumber: '211274696',
    color: '#5b6770',
    accounts: [
      { id: 'member_checking', name: 'Member Checking', type: 'checking' },
      { id: 'share_savings', name: 'Share Savings', type: 'savings' },
    ],
  },
  {
    id: 'ins_sandbox_prairie_national',
    name: 'Prairie National Bank',
    routingNumber: '101000048',
    color: '#8a5a00',
    accounts: [{ id: 'prairie_checking', name: 'Prairie Checking', type: 'checking' }],
  },
  {
    id: 'ins_sandbox_pacific_coast',
    name: 'Pacific Coast Savings',
    routingNumber: '121000358',
    color: '#0b5f54',
    accounts: [
      { id: 'coastal_checking', name: 'Coastal Checking', type: 'checking' },
      { id: 'high_yield_savings', name: 'High Yield Savings', type: 'savings' },
    ],
  },
  {
    id: 'ins_sandbox_lakeshore_federal',
    name: 'Lakeshore Federal',
    routingNumber: '071000013',
    color: '#6b3fa0',
    accounts: [{ id: 'lakeshore_checking', name: 'Lakeshore Checking', type: 'checking' }],
  },
];

export function findSandboxInstitution(id: string): SandboxInstitutionEntry | undefined {
  return sandboxInstitutions.find((institution) => institution.id === id);
}

export function findSandboxInstitutionByRouting(routingNumber: string): SandboxInstitutionEntry | undefined {
  return sandboxInstitutions.find((institution) => institution.routingNumber === routingNumber);
}
