import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminPlan } from '@episodic/contract';
import { plansQuery, useCommerceMutations, usePlans } from '../../features/commerce';
import { count, LANGUAGE_NAMES, LANGUAGES, money, type Language } from '../../shared/format';
import { LanguageTabs, languagesWithErrors } from '../../shared/language-tabs';
import { Badge, Button, Card, ErrorState, Loading, PageHeader } from '../../shared/ui';
import { Checkbox, FormMessage, SelectInput, TextArea, TextInput, formErrors } from '../../shared/form-fields';
import { Dialog } from '../../shared/dialogs';
import { CommerceTabs } from './commerce-tabs';
import { PlanTermsNotice, termsChange } from './plan-terms-notice';
import { useEditedForm } from '../../shared/unsaved-changes';
import { useMayCall } from '../../features/session';

type Texts = Record<Language, { name: string; description: string }>;

/** Major units typed by an operator ("4.99") to minor units (499); NaN when not a price. */
export function toMinor(text: string): number {
  const t = text.trim().replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}

function PlanDialog({ plan, onClose }: { plan: AdminPlan | null; onClose: () => void }) {
  const edited = useEditedForm();
  const { createPlan, updatePlan } = useCommerceMutations();
  const mutation = plan ? updatePlan : createPlan;
  const [id, setId] = useState(plan?.id ?? '');
  const [kind, setKind] = useState<'membership' | 'coins'>(plan?.kind ?? 'membership');
  const [price, setPrice] = useState(plan ? (plan.price / 100).toFixed(2) : '');
  const [renewalDays, setRenewalDays] = useState(String(plan?.renewalDays ?? 30));
  const [coins, setCoins] = useState(String(plan?.coins ?? ''));
  const [bonus, setBonus] = useState(String(plan?.bonusCoins ?? 0));
  const [active, setActive] = useState(plan?.active ?? false);
  const [texts, setTexts] = useState<Texts>(
    () =>
      Object.fromEntries(
        LANGUAGES.map((l) => [l, { name: plan?.texts[l]?.name ?? '', description: plan?.texts[l]?.description ?? '' }]),
      ) as Texts,
  );
  const [priceError, setPriceError] = useState('');
  // A membership's new price or period is confirmed first, with the server's count of members it does not reach.
  const [confirming, setConfirming] = useState<{ renewingMembers: number | null } | null>(null);
  const queryClient = useQueryClient();
  const { fields } = formErrors(mutation.error);
  const minorPrice = toMinor(price);
  const change = termsChange(plan, minorPrice, kind === 'membership' ? Number(renewalDays) || null : null);
  const editTerms = (set: (value: string) => void) => (value: string) => {
    set(value);
    setConfirming(null);
  };

  const askToConfirm = (planId: string) => {
    setConfirming({ renewingMembers: null });
    queryClient
      .fetchQuery({ ...plansQuery, staleTime: 0 })
      .then((list) => {
        const fresh = list.find((p) => p.id === planId);
        setConfirming((c) => (c ? { renewingMembers: fresh?.renewingMembers ?? 0 } : c));
      })
      .catch(() => {
        setConfirming(null);
        setPriceError('Could not count the current members. Try again.');
      });
  };

  const submit = () => {
    const minor = minorPrice;
    if (Number.isNaN(minor)) {
      setPriceError('Enter a price such as 4.99.');
      return;
    }
    setPriceError('');
    const shape =
      kind === 'membership'
        ? { renewalDays: Number(renewalDays) || null }
        : { coins: Number(coins) || 0, bonusCoins: Number(bonus) || 0 };
    const input = { price: minor, active, texts, ...shape };
    if (plan && change && confirming?.renewingMembers == null) {
      if (!confirming) askToConfirm(plan.id);
      return;
    }
    if (plan) updatePlan.mutate({ id: plan.id, input }, { onSuccess: onClose });
    else createPlan.mutate({ id, kind, ...input }, { onSuccess: onClose });
  };

  return (
    <Dialog
      wide
      title={plan ? `Plan ${plan.id}` : 'New plan'}
      onClose={onClose}
      footer={
        <>
          {confirming ? (
            <Button
              onClick={() => {
                setConfirming(null);
              }}
            >
              Back
            </Button>
          ) : (
            <Button onClick={onClose}>Cancel</Button>
          )}
          <Button
            variant="primary"
            type="submit"
            form="plan-form"
            disabled={mutation.isPending || (confirming !== null && confirming.renewingMembers === null)}
          >
            {confirming ? 'Confirm: new members only' : plan ? 'Save plan' : 'Create plan'}
          </Button>
        </>
      }
    >
      <form
        id="plan-form"
        onChange={edited.onChange}
        className="grid grid-cols-3 gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="col-span-3">
          <FormMessage error={mutation.error} />
        </div>
        {plan && change && confirming ? (
          <div className="col-span-3">
            <PlanTermsNotice plan={plan} change={change} renewingMembers={confirming.renewingMembers} />
          </div>
        ) : null}
        <TextInput
          label="Id"
          value={id}
          disabled={Boolean(plan)}
          onChange={(e) => {
            setId(e.target.value);
          }}
          error={fields.id}
          hint="e.g. coins-5000; never changes"
        />
        <SelectInput
          label="Kind"
          value={kind}
          disabled={Boolean(plan)}
          onChange={(e) => {
            setKind(e.target.value as 'membership' | 'coins');
          }}
          options={[
            { value: 'membership', label: 'Membership' },
            { value: 'coins', label: 'Coin pack' },
          ]}
          error={fields.kind}
        />
        <TextInput
          label={`Price (${plan?.currency ?? 'USD'})`}
          inputMode="decimal"
          value={price}
          onChange={(e) => {
            editTerms(setPrice)(e.target.value);
          }}
          error={priceError || fields.price}
          hint={
            plan
              ? plan.kind === 'membership'
                ? 'New members only: current members renew at the price they agreed to.'
                : 'New orders only: open orders keep their price.'
              : undefined
          }
        />
        {kind === 'membership' ? (
          <TextInput
            label="Renews every (days)"
            type="number"
            min={1}
            value={renewalDays}
            onChange={(e) => {
              editTerms(setRenewalDays)(e.target.value);
            }}
            error={fields.renewalDays}
          />
        ) : (
          <>
            <TextInput
              label="Coins"
              type="number"
              min={1}
              value={coins}
              onChange={(e) => {
                setCoins(e.target.value);
              }}
              error={fields.coins}
            />
            <TextInput
              label="Bonus coins"
              type="number"
              min={0}
              value={bonus}
              onChange={(e) => {
                setBonus(e.target.value);
              }}
              error={fields.bonusCoins}
            />
          </>
        )}
        <div className="col-span-3">
          <Checkbox label="On sale (shown on the shopping page)" checked={active} onChange={setActive} />
          {kind === 'membership' ? (
            <p className="mt-1 text-xs text-zinc-500">
              Off sale stops new purchases only: current members keep renewing at the price and period they agreed to
              until they cancel. To end one member&apos;s membership, refund its order.
            </p>
          ) : null}
        </div>
        <div className="col-span-3">
          <LanguageTabs
            filled={(lang) => Boolean(texts[lang].name.trim())}
            invalid={languagesWithErrors(fields, 'texts')}
          >
            {(lang) => (
              <div className="grid grid-cols-2 gap-4">
                <TextInput
                  label={`Name (${LANGUAGE_NAMES[lang]})`}
                  value={texts[lang].name}
                  maxLength={80}
                  onChange={(e) => {
                    setTexts({ ...texts, [lang]: { ...texts[lang], name: e.target.value } });
                  }}
                  error={fields[`texts.${lang}.title`]}
                />
                <TextArea
                  label={`Description (${LANGUAGE_NAMES[lang]})`}
                  rows={2}
                  value={texts[lang].description}
                  maxLength={500}
                  onChange={(e) => {
                    setTexts({ ...texts, [lang]: { ...texts[lang], description: e.target.value } });
                  }}
                  error={fields[`texts.${lang}.description`]}
                />
              </div>
            )}
          </LanguageTabs>
        </div>
      </form>
    </Dialog>
  );
}

function PlanTable({ plans, onEdit }: { plans: AdminPlan[]; onEdit: ((plan: AdminPlan) => void) | null }) {
  const membership = plans[0]?.kind === 'membership';
  return (
    // Space between the columns (the headers ran together: "RENEWS EVERYSALE"), none at the table's edges.
    <table className="w-full text-sm [&_td]:px-3 [&_td:first-child]:pl-0 [&_td:last-child]:pr-0 [&_th]:px-3 [&_th:first-child]:pl-0 [&_th:last-child]:pr-0">
      <thead className="text-left text-xs text-zinc-500 uppercase">
        <tr>
          <th className="py-2 font-medium">Plan</th>
          <th className="py-2 text-right font-medium">Price</th>
          <th className="py-2 text-right font-medium">{membership ? 'Renews every' : 'Coins'}</th>
          <th className="py-2 font-medium">Sale</th>
          <th className="py-2 text-right font-medium">Paid orders</th>
          {membership ? <th className="py-2 text-right font-medium">Active members</th> : null}
          {onEdit ? <th className="py-2 text-right font-medium">Actions</th> : null}
        </tr>
      </thead>
      <tbody>
        {plans.map((p) => (
          <tr key={p.id} className="border-t border-zinc-100">
            <td className="py-2">
              <span className="font-medium">{p.texts.en?.name ?? p.id}</span>
              <span className="block text-xs text-zinc-500">{p.id}</span>
            </td>
            <td className="py-2 text-right tabular-nums">{money(p.price, p.currency)}</td>
            <td className="py-2 text-right tabular-nums">
              {membership
                ? `${p.renewalDays ?? '—'} days`
                : `${count(p.coins)}${p.bonusCoins ? ` + ${count(p.bonusCoins)} bonus` : ''}`}
            </td>
            <td className="py-2">
              {p.active ? <Badge tone="green">On sale</Badge> : <Badge>Off sale</Badge>}
              {membership && !p.active && p.renewingMembers > 0 ? (
                <span className="block text-xs text-zinc-500">{`${count(p.renewingMembers)} still renewing`}</span>
              ) : null}
            </td>
            <td className="py-2 text-right tabular-nums">{count(p.paidOrders)}</td>
            {membership ? <td className="py-2 text-right tabular-nums">{count(p.activeMembers)}</td> : null}
            {onEdit ? (
              <td className="py-2 text-right">
                <Button
                  size="sm"
                  onClick={() => {
                    onEdit(p);
                  }}
                >
                  Edit
                </Button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Memberships and coin packs: prices, renewal days, coins, sale status. */
export function PlansPage() {
  const plans = usePlans();
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  // Finance and support read the plans; only owners change them (the server refuses the rest).
  const mayEdit = useMayCall('PATCH /api/admin/plans/:id');
  const mayCreate = useMayCall('POST /api/admin/plans');
  const edit = mayEdit ? setEditing : null;
  return (
    <section>
      <PageHeader
        title="Commerce"
        description="Prices, renewal days and sale status apply to orders opened after a change: current members renew at the price and period they agreed to until they cancel, also when their plan is off sale."
        actions={
          mayCreate ? (
            <Button
              variant="primary"
              onClick={() => {
                setEditing('new');
              }}
            >
              New plan
            </Button>
          ) : null
        }
      />
      <CommerceTabs />
      {plans.isPending ? (
        <Loading />
      ) : plans.isError ? (
        <ErrorState error={plans.error} retry={() => void plans.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <Card title="Memberships">
            <PlanTable plans={plans.data.filter((p) => p.kind === 'membership')} onEdit={edit} />
          </Card>
          <Card title="Coin packs">
            <PlanTable plans={plans.data.filter((p) => p.kind === 'coins')} onEdit={edit} />
          </Card>
        </div>
      )}
      {editing ? (
        <PlanDialog
          plan={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}
