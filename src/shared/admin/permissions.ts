/**
 * The admin role table of PRODUCT.md 25 as data. The server guards every admin endpoint
 * with `can(role, action)`; the web app uses the same table to hide what a role may not do.
 */
export const adminRoles = ['super_admin', 'operations', 'support'] as const;
export type AdminRole = (typeof adminRoles)[number];

export const adminActions = [
  /** Dashboard cards, recent transactions, search and investor detail (read only for every role). */
  'dashboard:view',
  'products:view',
  /** Create, edit and activate/deactivate products. */
  'products:manage',
  'jobs:view',
  /** Run a job function now. */
  'jobs:run',
  /** Create and edit jobs, enable and disable them. */
  'jobs:manage',
  'notifications:view',
  /** Templates, campaigns and sending. */
  'notifications:manage',
  'hotspots:edit',
  'admins:manage',
  /** Clear a watchlist (OFAC) hit after review, with a reason (decision 1520). */
  'identity:clear-watchlist',
  /** The Payments page and its CSV (decision 1521). */
  'payments:view',
  /** Send an owed credit again (decision 1521). */
  'payments:manage',
  /** Read and export the admin audit log (decision 1600). */
  'audit:view',
  /** Suspend, reinstate, close, revoke sessions, cancel pending transfers (issue 16 item 3). */
  'investors:manage',
  /** The pending approvals page and adjustment history. */
  'adjustments:view',
  /** Propose a manual ledger adjustment (applied only when another admin approves it). */
  'adjustments:propose',
  /** Approve or reject someone else's proposal (the service refuses the proposer). */
  'adjustments:approve',
  'tax:view',
  /** Run the year-end tax run and download the IRS file (it carries full TINs). */
  'tax:run',
  /** Offerings, their caps and circulars, and investors' profiles and limit refusals (issue 26). */
  'offerings:view',
  /** Create and edit offerings, upload circulars, review accreditation evidence, propose and approve profile changes. */
  'offerings:manage',
  /** The early redemption queue (issue 27 section 3). */
  'redemptions:view',
  /** Approve or decline early redemption requests, pause new requests (decision 1952). */
  'redemptions:manage',
  /** The obligations forecast, cash positions and coverage checks (read only for support). */
  'liquidity:view',
  /** Record and approve cash positions, acknowledge coverage alerts, the liquidity settings (issue 27). */
  'liquidity:manage',
  /** The paper-mail queues and print batches (decision 1924). */
  'paper-mail:view',
  /** Make a print batch, download its PDF (names and addresses), mark it mailed. */
  'paper-mail:manage',
  /** Your own security: two-factor on/off (where the role allows), recovery codes, other sessions (decision 1630). */
  'account:security',
] as const;
export type AdminAction = (typeof adminActions)[number];

const everyone: readonly AdminRole[] = ['super_admin', 'operations', 'support'];
const staff: readonly AdminRole[] = ['super_admin', 'operations'];

export const rolePermissions: Readonly<Record<AdminAction, readonly AdminRole[]>> = {
  'dashboard:view': everyone,
  'products:view': everyone,
  'products:manage': staff,
  'jobs:view': everyone,
  'jobs:run': staff,
  'jobs:manage': staff,
  'notifications:view': everyone,
  'notifications:manage': staff,
  'hotspots:edit': staff,
  'admins:manage': ['super_admin'],
  'identity:clear-watchlist': staff,
  'payments:view': everyone,
  'payments:manage': staff,
  'audit:view': staff,
  'investors:manage': staff,
  'adjustments:view': everyone,
  'adjustments:propose': staff,
  'adjustments:approve': staff,
  'tax:view': everyone,
  'tax:run': staff,
  'offerings:view': everyone,
  'offerings:manage': staff,
  'redemptions:view': everyone,
  'redemptions:manage': staff,
  'liquidity:view': everyone,
  'liquidity:manage': staff,
  'account:security': everyone,
  'paper-mail:view': everyone,
  'paper-mail:manage': staff,
};

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (adminRoles as readonly string[]).includes(value);
}

export function can(role: AdminRole | null | undefined, action: AdminAction): boolean {
  return role != null && rolePermissions[action].includes(role);
}

/** The role as the top bar shows it: underscores as spaces ("super admin"). */
export function roleLabel(role: AdminRole): string {
  return role.replaceAll('_', ' ');
}

/**
 * Whether a value is a usable admin profile (id, e-mail, names, role), without zod, so the
 * small session cache on public pages stays small.
 */
export function isAdminProfileShape(
  value: unknown,
): value is { id: string; email: string; first_name: string; last_name: string; role: AdminRole } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.id === 'string' &&
    typeof record.email === 'string' &&
    typeof record.first_name === 'string' &&
    typeof record.last_name === 'string' &&
    isAdminRole(record.role)
  );
}
