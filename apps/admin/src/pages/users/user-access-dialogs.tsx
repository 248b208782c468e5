import type { AdminUser } from '@episodic/contract';
import { useUserMutations } from '../../features/users';
import { ReasonDialog } from '../../shared/dialogs';
import { longDate } from '../../shared/format';
import { toast } from '../../shared/toast';

type Unlock = AdminUser['unlocks'][number];

/** Takes one unlock away, after a confirmation that names the episode. */
export function RevokeUnlockDialog({
  user,
  unlock,
  onClose,
}: {
  user: AdminUser;
  unlock: Unlock;
  onClose: () => void;
}) {
  const { revokeUnlock } = useUserMutations(user.id);
  const episode = `${unlock.seriesTitle}, episode ${unlock.episodeNumber}`;
  return (
    <ReasonDialog
      title={`Take away ${episode}?`}
      intro={`${user.email ?? 'This viewer'} can no longer watch ${episode} (unless a membership covers it). No coins come back; give coins separately if they are owed. Buying it again charges again.`}
      submitLabel="Take away the unlock"
      variant="danger"
      pending={revokeUnlock.isPending}
      error={revokeUnlock.error}
      hint="Kept in the audit log."
      onSubmit={(reason) => {
        revokeUnlock.mutate(
          { episodeId: unlock.episodeId, reason },
          {
            onSuccess: () => {
              toast(`${episode} was taken away.`);
              onClose();
            },
          },
        );
      }}
      onClose={onClose}
    />
  );
}

/** Stops a member's auto-renewal: the same rule as the viewer's own cancel (paid time stays). */
export function StopRenewalDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { stopRenewal } = useUserMutations(user.id);
  const until = longDate(user.membership.endsAt);
  return (
    <ReasonDialog
      title="Stop auto-renewal"
      intro={`The membership is not charged again. ${user.email ?? 'The viewer'} keeps access until ${until}, the end of the paid period, as when they cancel it themselves.`}
      submitLabel="Stop auto-renewal"
      variant="danger"
      pending={stopRenewal.isPending}
      error={stopRenewal.error}
      hint="Kept in the audit log."
      onSubmit={(reason) => {
        stopRenewal.mutate(reason, {
          onSuccess: () => {
            toast(`Auto-renewal stopped; access stays until ${until}.`);
            onClose();
          },
        });
      }}
      onClose={onClose}
    />
  );
}
