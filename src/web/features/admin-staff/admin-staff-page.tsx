import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type InvitationRequest,
  invitationRequest,
  type StaffMember,
} from '../../../shared/admin/staff-contracts';
import { type AdminRole, adminRoles, roleLabel } from '../../../shared/admin/permissions';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { Alert, Badge, EmptyState, ErrorState, LoadingState } from '../../components/ui/feedback';
import { SelectField, TextField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { useAdminSession } from '../../lib/admin-session';
import { ApiError } from '../../lib/api-client';
import { formatLocalDateTime } from '../../lib/format-date-time';
import {
  useChangeRole,
  useInviteStaff,
  useRevokeInvitation,
  useSetActive,
  useStaffList,
} from './staff-queries';
import './admin-staff.css';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Try again.';

function InviteModal({ onClose, onSent }: { onClose(): void; onSent(email: string): void }) {
  const invite = useInviteStaff();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<InvitationRequest>({
    resolver: zodResolver(invitationRequest),
    defaultValues: { email: '', first_name: '', last_name: '', role: 'support' },
  });
  const submit = handleSubmit(async (values) => {
    await invite.mutateAsync(values).then(
      () => onSent(values.email),
      () => undefined,
    );
  });
  return (
    <Modal
      title="Invite a staff member"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="invite-form" isBusy={invite.isPending}>
            Send invitation
          </Button>
        </>
      }
    >
      {invite.isError ? <Alert tone="error">{messageOf(invite.error)}</Alert> : null}
      <form id="invite-form" onSubmit={submit} noValidate>
        <TextField label="Email" type="email" error={errors.email?.message} {...register('email')} />
        <TextField label="First name" error={errors.first_name?.message} {...register('first_name')} />
        <TextField label="Last name" error={errors.last_name?.message} {...register('last_name')} />
        <SelectField label="Role" error={errors.role?.message} {...register('role')}>
          {adminRoles.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </SelectField>
        <p className="muted staff-note">
          They get a link, valid for 72 hours and usable once, to set a password. Super admins and operations
          set up two-factor authentication at their first sign-in.
        </p>
      </form>
    </Modal>
  );
}

/** /admin/admins: staff accounts, invitations, roles and deactivation (super_admin only). */
export function AdminStaffPage() {
  const { admin } = useAdminSession();
  const list = useStaffList();
  const changeRole = useChangeRole();
  const setActive = useSetActive();
  const revoke = useRevokeInvitation();
  const [isInviting, setInviting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDeactivate, setConfirmDeactivate] = useState<StaffMember | null>(null);

  useEffect(() => {
    document.title = 'Staff · Admin';
  }, []);

  const run = async (action: Promise<unknown>, success: string) => {
    setFailure(null);
    setNotice(null);
    try {
      await action;
      setNotice(success);
    } catch (error) {
      setFailure(messageOf(error));
    }
  };

  return (
    <div className="admin-staff">
      <div className="admin-page-header">
        <div>
          <h1>Staff</h1>
          <p>Who can use the back office, with which role. Changes are recorded in the audit log.</p>
        </div>
        <Button onClick={() => setInviting(true)}>Invite staff</Button>
      </div>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}

      <section className="admin-panel">
        {list.isPending ? <LoadingState /> : null}
        {list.isError ? <ErrorState message={messageOf(list.error)} /> : null}
        {list.data ? (
          <DataTable
            caption="Staff accounts"
            className="staff-table"
            isBusy={list.isFetching}
            rows={list.data.staff}
            rowKey={(member) => member.id}
            columns={[
              {
                key: 'name',
                label: 'Name',
                isTitle: true,
                cell: (member) => (
                  <div>
                    <div className="staff-name">
                      {member.first_name} {member.last_name}
                    </div>
                    <div className="muted staff-email">{member.email}</div>
                  </div>
                ),
              },
              {
                key: 'role',
                label: 'Role',
                cell: (member) => (
                  <select
                    className="select staff-role"
                    aria-label={`Role of ${member.first_name} ${member.last_name}`}
                    value={member.role}
                    disabled={!member.is_active || changeRole.isPending}
                    onChange={(event) => {
                      const role = adminRoles.find((option) => option === event.target.value) as AdminRole;
                      void run(
                        changeRole.mutateAsync({ id: member.id, role }),
                        `${member.first_name} is now ${roleLabel(role)}. Their sessions were ended.`,
                      );
                    }}
                  >
                    {adminRoles.map((role) => (
                      <option key={role} value={role}>
                        {roleLabel(role)}
                      </option>
                    ))}
                  </select>
                ),
              },
              {
                key: 'status',
                label: 'Status',
                cell: (member) => (
                  <div className="staff-badges">
                    <Badge tone={member.is_active ? 'success' : 'neutral'}>
                      {member.is_active ? 'Active' : 'Deactivated'}
                    </Badge>
                    <Badge tone={member.two_factor_enabled ? 'accent' : 'warning'}>
                      {member.two_factor_enabled ? 'Two-factor on' : 'No two-factor'}
                    </Badge>
                  </div>
                ),
              },
              {
                key: 'last',
                label: 'Last sign-in',
                cell: (member) =>
                  member.last_login_at ? formatLocalDateTime(member.last_login_at) : 'Never',
              },
              {
                key: 'actions',
                label: 'Actions',
                isLabelHidden: true,
                cell: (member) =>
                  member.id === admin?.id ? (
                    <span className="muted">You</span>
                  ) : member.is_active ? (
                    <Button variant="ghost" size="sm" onClick={() => setConfirmDeactivate(member)}>
                      Deactivate
                    </Button>
                  ) : (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() =>
                        run(
                          setActive.mutateAsync({ id: member.id, isActive: true }),
                          `${member.first_name} can sign in again.`,
                        )
                      }
                    >
                      Reactivate
                    </Button>
                  ),
              },
            ]}
          />
        ) : null}
      </section>

      <section className="admin-panel">
        <div className="admin-panel-header">
          <h2>Open invitations</h2>
        </div>
        {list.data && list.data.invitations.length === 0 ? <EmptyState title="No open invitations" /> : null}
        {list.data && list.data.invitations.length > 0 ? (
          <DataTable
            caption="Open invitations"
            rows={list.data.invitations}
            rowKey={(invitation) => invitation.id}
            columns={[
              {
                key: 'email',
                label: 'Email',
                isTitle: true,
                cell: (invitation) => <span className="staff-email">{invitation.email}</span>,
              },
              {
                key: 'name',
                label: 'Name',
                cell: (invitation) => `${invitation.first_name} ${invitation.last_name}`,
              },
              { key: 'role', label: 'Role', cell: (invitation) => roleLabel(invitation.role) },
              {
                key: 'expires',
                label: 'Link expires',
                cell: (invitation) => formatLocalDateTime(invitation.expires_at),
              },
              {
                key: 'actions',
                label: 'Actions',
                isLabelHidden: true,
                cell: (invitation) => (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      run(
                        revoke.mutateAsync(invitation.id),
                        `The invitation to ${invitation.email} was revoked.`,
                      )
                    }
                  >
                    Revoke
                  </Button>
                ),
              },
            ]}
          />
        ) : null}
      </section>

      {isInviting ? (
        <InviteModal
          onClose={() => setInviting(false)}
          onSent={(email) => {
            setInviting(false);
            setFailure(null);
            setNotice(`Invitation sent to ${email}.`);
          }}
        />
      ) : null}
      {confirmDeactivate ? (
        <Modal
          title={`Deactivate ${confirmDeactivate.first_name} ${confirmDeactivate.last_name}?`}
          onClose={() => setConfirmDeactivate(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirmDeactivate(null)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                isBusy={setActive.isPending}
                onClick={() => {
                  const member = confirmDeactivate;
                  setConfirmDeactivate(null);
                  void run(
                    setActive.mutateAsync({ id: member.id, isActive: false }),
                    `${member.first_name} was deactivated and signed out everywhere.`,
                  );
                }}
              >
                Deactivate
              </Button>
            </>
          }
        >
          <p>They are signed out at once and cannot sign in until reactivated.</p>
        </Modal>
      ) : null}
    </div>
  );
}
