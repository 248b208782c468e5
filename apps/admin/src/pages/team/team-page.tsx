import { useState } from 'react';
import {
  OPERATOR_ROLE_NAMES,
  OPERATOR_ROLE_SUMMARIES,
  OPERATOR_ROLES,
  type OperatorRole,
} from '@episodic/contract/constants';
import { type Team, useTeam, useTeamMutations } from '../../features/team';
import { dateTime } from '../../shared/format';
import { Dialog } from '../../shared/dialogs';
import { FormMessage, SelectInput, TextInput, formErrors } from '../../shared/form-fields';
import { toast } from '../../shared/toast';
import { Badge, Button, Card, EmptyState, ErrorState, Loading, PageHeader } from '../../shared/ui';

const ROLE_OPTIONS = OPERATOR_ROLES.map((r) => ({ value: r, label: OPERATOR_ROLE_NAMES[r] }));
type Member = Team['members'][number];

/** Owners run the team: who operates the console, with which role; invitations by email. */
export function TeamPage() {
  const team = useTeam();
  return (
    <section>
      <PageHeader
        title="Team"
        description="Who can sign in to this console and what each of them can do. Invite people by email; every change is in the audit log."
      />
      {team.isPending ? (
        <Loading />
      ) : team.isError ? (
        <ErrorState error={team.error} retry={() => void team.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <InviteForm />
          <Members team={team.data} />
          <Invitations team={team.data} />
          <RoleGuide />
        </div>
      )}
    </section>
  );
}

function InviteForm() {
  const { invite } = useTeamMutations();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('content');
  const { fields } = formErrors(invite.error);
  return (
    <Card title="Invite someone">
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate(
            { email: email.trim(), role },
            {
              onSuccess: () => {
                toast(`Invitation sent to ${email.trim()}. The link works once, for 72 hours.`);
                setEmail('');
              },
            },
          );
        }}
      >
        <FormMessage error={invite.error} />
        <div className="flex items-start gap-3">
          <TextInput
            label="Email"
            type="email"
            placeholder="name@company.com"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
            }}
            error={fields.email}
            className="w-96"
          />
          <SelectInput
            label="Role"
            value={role}
            onChange={(e) => {
              setRole(e.target.value as OperatorRole);
            }}
            options={ROLE_OPTIONS}
            error={fields.role}
            hint={OPERATOR_ROLE_SUMMARIES[role]}
            className="w-72"
          />
          <Button type="submit" variant="primary" disabled={invite.isPending} className="mt-7">
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Members({ team }: { team: Team }) {
  const m = useTeamMutations();
  const [confirm, setConfirm] = useState<{ member: Member; action: 'disable' | 'remove' } | null>(null);
  const error = m.changeRole.error ?? m.enable.error;
  return (
    <Card title={`Operators (${String(team.members.length)})`}>
      <FormMessage error={error} />
      <table className="mt-2 w-full text-left text-sm">
        <thead className="border-b border-zinc-200 text-xs text-zinc-500 uppercase">
          <tr>
            <th className="py-2 font-medium">Email</th>
            <th className="py-2 font-medium">Role</th>
            <th className="py-2 font-medium">Status</th>
            <th className="py-2 font-medium">Last sign-in</th>
            <th className="py-2 text-right font-medium">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {team.members.map((member) => (
            <tr key={member.id}>
              <td className="py-3 font-medium">
                {member.email} {member.you ? <Badge tone="blue">You</Badge> : null}
              </td>
              <td className="py-3">
                {member.you ? (
                  OPERATOR_ROLE_NAMES[member.role]
                ) : (
                  <select
                    aria-label={`Role of ${member.email}`}
                    value={member.role}
                    disabled={m.changeRole.isPending}
                    onChange={(e) => {
                      const role = e.target.value as OperatorRole;
                      m.changeRole.mutate(
                        { id: member.id, role },
                        {
                          onSuccess: () => {
                            toast(`${member.email} is now ${OPERATOR_ROLE_NAMES[role]}.`);
                          },
                        },
                      );
                    }}
                    className="h-9 rounded-lg border border-zinc-300 bg-white px-2"
                  >
                    {ROLE_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                )}
              </td>
              <td className="py-3">
                {member.status === 'active' ? <Badge tone="green">Active</Badge> : <Badge tone="red">Disabled</Badge>}
              </td>
              <td className="py-3 text-zinc-600">{member.lastSignInAt ? dateTime(member.lastSignInAt) : 'Never'}</td>
              <td className="py-3 text-right">
                {member.you ? (
                  <span className="text-xs text-zinc-500">Another owner can change your access</span>
                ) : (
                  <div className="flex justify-end gap-2">
                    {member.status === 'active' ? (
                      <Button
                        size="sm"
                        onClick={() => {
                          setConfirm({ member, action: 'disable' });
                        }}
                      >
                        Disable
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        disabled={m.enable.isPending}
                        onClick={() => {
                          m.enable.mutate(member.id, {
                            onSuccess: () => {
                              toast(`${member.email} can sign in again.`);
                            },
                          });
                        }}
                      >
                        Enable
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700"
                      onClick={() => {
                        setConfirm({ member, action: 'remove' });
                      }}
                    >
                      Remove
                    </Button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {confirm ? (
        <ConfirmMember
          {...confirm}
          onClose={() => {
            setConfirm(null);
          }}
        />
      ) : null}
    </Card>
  );
}

function ConfirmMember({
  member,
  action,
  onClose,
}: {
  member: Member;
  action: 'disable' | 'remove';
  onClose: () => void;
}) {
  const m = useTeamMutations();
  const mutation = action === 'disable' ? m.disable : m.remove;
  return (
    <Dialog
      title={action === 'disable' ? `Disable ${member.email}?` : `Remove ${member.email} from the team?`}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="danger"
            disabled={mutation.isPending}
            onClick={() => {
              mutation.mutate(member.id, {
                onSuccess: () => {
                  toast(action === 'disable' ? `${member.email} is disabled.` : `${member.email} left the team.`);
                  onClose();
                },
              });
            }}
          >
            {action === 'disable' ? 'Disable' : 'Remove'}
          </Button>
        </>
      }
    >
      <FormMessage error={mutation.error} />
      <p className="text-sm text-zinc-700">
        {action === 'disable'
          ? 'Their console sessions end now and they cannot sign in, here or in the viewer app, until an owner enables them again.'
          : 'Their console sessions end now. Their account stays as an ordinary viewer account; invite them again to bring them back.'}
      </p>
    </Dialog>
  );
}

function Invitations({ team }: { team: Team }) {
  const { withdraw } = useTeamMutations();
  return (
    <Card title="Open invitations">
      {team.invitations.length === 0 ? (
        <EmptyState>No invitations waiting. Accepted, withdrawn and expired ones are in the audit log.</EmptyState>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="border-b border-zinc-200 text-xs text-zinc-500 uppercase">
            <tr>
              <th className="py-2 font-medium">Email</th>
              <th className="py-2 font-medium">Role</th>
              <th className="py-2 font-medium">Invited by</th>
              <th className="py-2 font-medium">Link expires</th>
              <th className="py-2" />
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {team.invitations.map((i) => (
              <tr key={i.id}>
                <td className="py-3 font-medium">{i.email}</td>
                <td className="py-3">{OPERATOR_ROLE_NAMES[i.role]}</td>
                <td className="py-3 text-zinc-600">{i.invitedBy ?? '—'}</td>
                <td className="py-3 text-zinc-600">{dateTime(i.expiresAt)}</td>
                <td className="py-3 text-right">
                  <Button
                    size="sm"
                    disabled={withdraw.isPending}
                    onClick={() => {
                      withdraw.mutate(i.id, {
                        onSuccess: () => {
                          toast(`The invitation of ${i.email} no longer works.`);
                        },
                      });
                    }}
                  >
                    Withdraw
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function RoleGuide() {
  return (
    <Card title="What each role can do">
      <dl className="grid grid-cols-3 gap-4 text-sm">
        {OPERATOR_ROLES.map((r) => (
          <div key={r} className="rounded-lg bg-zinc-50 p-3">
            <dt className="font-semibold">{OPERATOR_ROLE_NAMES[r]}</dt>
            <dd className="mt-1 text-zinc-600">{OPERATOR_ROLE_SUMMARIES[r]}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
