import { z } from 'zod';
import { calendarDate } from '../dates/date-schemas';
import { ADMIN_PAGE_SIZE } from './product-contracts';

export const AUDIT_PAGE_SIZE = ADMIN_PAGE_SIZE;
/** The CSV export's ceiling: narrow the filters for more. */
export const AUDIT_EXPORT_LIMIT = 50_000;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * The audit screen's filters, shared by the list, the CSV export and the web form. Dates are
 * business-time calendar days, both ends included.
 */
export const auditFilterQuery = z
  .object({
    actor: z.preprocess(blankToUndefined, z.uuid().optional()),
    action: z.preprocess(
      blankToUndefined,
      z
        .string()
        .max(80)
        .regex(/^[a-z][a-z_.]*$/, 'Unknown action')
        .optional(),
    ),
    target_type: z.preprocess(
      blankToUndefined,
      z
        .string()
        .max(40)
        .regex(/^[a-z][a-z_]*$/, 'Unknown target type')
        .optional(),
    ),
    target_id: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
    from: z.preprocess(blankToUndefined, calendarDate().optional()),
    to: z.preprocess(blankToUndefined, calendarDate().optional()),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The From date must not be after the To date',
    path: ['to'],
  });
export type AuditFilters = z.infer<typeof auditFilterQuery>;

export const auditListQuery = z
  .object({ page: z.coerce.number().int().min(1).max(100_000).default(1) })
  .and(auditFilterQuery);
export type AuditListQuery = z.infer<typeof auditListQuery>;

const changedFields = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  actor: z
    .object({ id: z.string().nullable(), email: z.string().nullable(), name: z.string().nullable() })
    .nullable(),
  ip_address: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: changedFields,
  after: changedFields,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponse = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;

/** What the filter form offers: the staff, actions and target types present in the log. */
export const auditFacetsResponse = z.object({
  actors: z.array(z.object({ id: z.string(), email: z.string(), name: z.string() })),
  actions: z.array(z.string()),
  target_types: z.array(z.string()),
});
export type AuditFacets = z.infer<typeof auditFacetsResponse>;

export const auditCsvColumns = [
  'Time (UTC)',
  'Actor',
  'IP address',
  'Action',
  'Target type',
  'Target ID',
  'Before',
  'After',
] as const;

/** "product.update" -> "Product update", for the table and filter. */
export function auditActionLabel(action: string): string {
  const text = action.replaceAll('.', ' ').replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The changed fields of an entry as short "field: value" lines. */
export function describeChanges(fields: Record<string, unknown> | null): string {
  if (!fields) return '';
  return Object.entries(fields)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}
