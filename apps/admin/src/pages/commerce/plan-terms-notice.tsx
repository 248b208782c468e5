import type { AdminPlan } from '@episodic/contract';
import { count, money } from '../../shared/format';

/** What an edit changes of a membership's terms (price, period): null when it changes neither, or the plan is a coin pack. */
export function termsChange(
  plan: AdminPlan | null,
  price: number,
  renewalDays: number | null,
): { price: number | null; renewalDays: number | null } | null {
  if (!plan || plan.kind !== 'membership') return null;
  const newPrice = price !== plan.price ? price : null;
  const newDays = renewalDays !== null && renewalDays !== plan.renewalDays ? renewalDays : null;
  return newPrice === null && newDays === null ? null : { price: newPrice, renewalDays: newDays };
}

/**
 * Said before a membership's price or period changes: the change is for new members only, and the
 * current ones (counted by the server when the operator asked to save) keep the terms they agreed to.
 */
export function PlanTermsNotice({
  plan,
  change,
  renewingMembers,
}: {
  plan: AdminPlan;
  change: { price: number | null; renewalDays: number | null };
  renewingMembers: number | null;
}) {
  const price = change.price !== null ? `the new price, ${money(change.price, plan.currency)},` : null;
  const period = change.renewalDays !== null ? `renewal every ${change.renewalDays} days` : null;
  const what = price && period ? `${price} and ${period} apply` : `${price ?? period} applies`;
  const members =
    renewingMembers === null
      ? 'Counting the current members…'
      : renewingMembers === 0
        ? 'No current member renews on this plan.'
        : `${count(renewingMembers)} current ${renewingMembers === 1 ? 'member keeps their price: they renew' : 'members keep their price: each renews'} at the price they agreed to, until they cancel.`;
  return (
    <div
      role="alert"
      className="flex flex-col gap-1 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <p className="font-semibold">{`${what.charAt(0).toUpperCase()}${what.slice(1)} to new members only.`}</p>
      <p>{members}</p>
      <p>Confirm to save it, or go back to change it.</p>
    </div>
  );
}
