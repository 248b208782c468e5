import { useState } from 'react';
import type { AdminUser } from '@episodic/contract';
import { usePlans } from '../../features/commerce';
import { useUserMutations } from '../../features/users';
import { requestId } from '../../shared/format';
import { Button } from '../../shared/ui';
import { FormMessage, SelectInput, TextArea, TextInput, formErrors } from '../../shared/form-fields';
import { Dialog, ReasonDialog } from '../../shared/dialogs';

/** Coins or membership days for a user, with a reason; one request id per dialog, so a double submit grants once. */
export function GrantDialog({
  user,
  kind,
  onClose,
}: {
  user: AdminUser;
  kind: 'coins' | 'membership';
  onClose: () => void;
}) {
  const { grant } = useUserMutations(user.id);
  const plans = usePlans();
  const [id] = useState(requestId);
  const [amount, setAmount] = useState('');
  const [planId, setPlanId] = useState('');
  const [reason, setReason] = useState('');
  const { fields } = formErrors(grant.error);
  const memberships = (plans.data ?? []).filter((p) => p.kind === 'membership');
  return (
    <Dialog
      title={kind === 'coins' ? 'Give coins' : 'Give membership days'}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="grant-form" disabled={grant.isPending}>
            Give
          </Button>
        </>
      }
    >
      <form
        id="grant-form"
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          const n = Number(amount) || undefined;
          grant.mutate(
            kind === 'coins'
              ? { requestId: id, kind, coins: n, reason }
              : { requestId: id, kind, days: n, reason, ...(planId ? { planId } : {}) },
            { onSuccess: onClose },
          );
        }}
      >
        <FormMessage error={grant.error} />
        <p className="text-sm text-zinc-600">To {user.email ?? `guest ${user.id}`}.</p>
        <TextInput
          label={kind === 'coins' ? 'Coins' : 'Days'}
          type="number"
          min={1}
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
          }}
          error={fields.coins ?? fields.days}
          autoFocus
        />
        {kind === 'membership' ? (
          <SelectInput
            label="Plan"
            value={planId}
            onChange={(e) => {
              setPlanId(e.target.value);
            }}
            options={[
              { value: '', label: user.membership.active ? 'Keep the current plan' : 'The first membership on sale' },
              ...memberships.map((p) => ({ value: p.id, label: p.texts.en?.name ?? p.id })),
            ]}
            error={fields.planId}
            hint="An active membership is extended; otherwise a period starts now, without renewal."
          />
        ) : null}
        <TextArea
          label="Reason"
          value={reason}
          maxLength={500}
          onChange={(e) => {
            setReason(e.target.value);
          }}
          error={fields.reason}
          hint="Kept with the grant and in the audit log."
        />
      </form>
    </Dialog>
  );
}

/** Disables an account (its sessions end) or lets it back in. */
export function DisableDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { disable, enable } = useUserMutations(user.id);
  const disabled = Boolean(user.disabledAt);
  const mutation = disabled ? enable : disable;
  return (
    <ReasonDialog
      title={disabled ? 'Enable account' : 'Disable account'}
      intro={
        disabled
          ? `${user.email ?? 'This account'} will be able to sign in again.`
          : `${user.email ?? 'This account'} is signed out on every device at once (${user.activeSessions} active session${user.activeSessions === 1 ? '' : 's'}) and cannot sign in until enabled.`
      }
      submitLabel={disabled ? 'Enable' : 'Disable and sign out everywhere'}
      variant={disabled ? 'primary' : 'danger'}
      pending={mutation.isPending}
      error={mutation.error}
      reasonLabel={disabled ? 'Note (optional)' : 'Reason'}
      onSubmit={(reason) => {
        mutation.mutate(reason, { onSuccess: onClose });
      }}
      onClose={onClose}
    />
  );
}

/** Gives or removes operator access; removing it ends the account's console sessions at once. */
export function RoleDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { setRole } = useUserMutations(user.id);
  const operator = user.role === 'admin';
  return (
    <ReasonDialog
      title={operator ? 'Remove operator access' : 'Give operator access'}
      intro={
        operator
          ? `${user.email ?? 'This account'} is signed out of the console at once and can no longer open it. Their viewer account stays as it is.`
          : `${user.email ?? 'This account'} can sign in to this console and change content, prices, money and users.`
      }
      submitLabel={operator ? 'Remove access' : 'Give access'}
      variant={operator ? 'danger' : 'primary'}
      pending={setRole.isPending}
      error={setRole.error}
      hint="Kept in the audit log."
      onSubmit={(reason) => {
        setRole.mutate({ role: operator ? 'viewer' : 'admin', reason }, { onSuccess: onClose });
      }}
      onClose={onClose}
    />
  );
}
