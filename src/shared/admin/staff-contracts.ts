import { z } from 'zod';
import { passwordSchema } from '../auth/password-policy';
import { adminRoles } from './permissions';

/** How long an invitation link works. */
export const INVITATION_VALID_HOURS = 72;

export const staffMessages = {
  lastSuperAdmin: 'The last active super admin cannot be removed or demoted.',
  selfDeactivate: 'You cannot deactivate your own account.',
  emailTaken: 'An admin with this email already exists',
  invitationOpen: 'This email already has an open invitation. Revoke it to send a new one.',
  invitationEnded: 'This invitation link has expired or was already used. Ask a super admin for a new one.',
  notFound: 'Staff member not found',
} as const;

const name = (label: string) => z.string().trim().min(1, `${label} is required`).max(100);

export const invitationRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid email address'),
  first_name: name('First name'),
  last_name: name('Last name'),
  role: z.enum(adminRoles),
});
export type InvitationRequest = z.infer<typeof invitationRequest>;

export const staffMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(adminRoles),
  is_active: z.boolean(),
  two_factor_enabled: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(adminRoles),
  created_at: z.string(),
  expires_at: z.string(),
});
export type StaffInvitation = z.infer<typeof invitationSchema>;

export const staffListResponse = z.object({
  staff: z.array(staffMemberSchema),
  invitations: z.array(invitationSchema),
});
export type StaffListResponse = z.infer<typeof staffListResponse>;

export const invitationResponse = z.object({ invitation: invitationSchema });
export const staffMemberResponse = z.object({ staff_member: staffMemberSchema });

export const staffRoleRequest = z.object({ role: z.enum(adminRoles) });
export const staffActiveRequest = z.object({ is_active: z.boolean() });

const invitationToken = z.string().trim().min(20).max(200);

export const invitationLookupRequest = z.object({ token: invitationToken });
export const invitationLookupResponse = z.object({
  email: z.string(),
  first_name: z.string(),
  role: z.enum(adminRoles),
  expires_at: z.string(),
});
export type InvitationLookup = z.infer<typeof invitationLookupResponse>;

export const invitationAcceptRequest = z.object({
  token: invitationToken,
  password: passwordSchema,
});
export const invitationAcceptResponse = z.object({ email: z.string() });
