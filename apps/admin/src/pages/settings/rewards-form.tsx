import { useState } from 'react';
import { useUnsavedChanges } from '../../shared/unsaved-changes';
import { useFieldArray, useForm, useWatch, type Control, type FieldPath, type UseFormReturn } from 'react-hook-form';
import type { AdminRewards } from '@episodic/contract';
import { REWARD_LIMITS } from '@episodic/contract/constants';
import { useRewardAmounts, useSaveRewardAmounts } from '../../features/system';
import { FormMessage, TextInput, formErrors } from '../../shared/form-fields';
import { dateTime } from '../../shared/format';
import { Badge, Button, Card, ErrorState, Loading } from '../../shared/ui';

/** The form's values: the inputs' text, turned into whole coins on save. */
interface Values {
  welcomeCoins: string;
  checkIn: { coins: string }[];
  firstPurchaseCoins: string;
}

const MAX = REWARD_LIMITS.maxCoins;
const WHOLE = `Whole coins from 0 to ${MAX.toLocaleString('en')}.`;
const COINS_RULES = {
  required: 'Enter a number of coins (0 = off).',
  validate: (value: string) => (/^\d+$/.test(value.trim()) && Number(value) <= MAX) || WHOLE,
};

const toValues = (r: AdminRewards): Values => ({
  welcomeCoins: String(r.welcomeCoins),
  checkIn: r.checkInCoins.map((coins) => ({ coins: String(coins) })),
  firstPurchaseCoins: String(r.firstPurchaseCoins),
});

/** The input a server field error belongs to (`checkInCoins.2` is the third day); the form's message otherwise. */
function formField(name: string): FieldPath<Values> | 'root.server' {
  const day = /^checkInCoins\.(\d+)$/.exec(name);
  if (day) return `checkIn.${Number(day[1])}.coins`;
  return name === 'welcomeCoins' || name === 'firstPurchaseCoins' ? name : 'root.server';
}

type AmountName = 'welcomeCoins' | 'firstPurchaseCoins';

function OnOff({ control, name }: { control: Control<Values>; name: AmountName }) {
  const value = useWatch({ control, name });
  return Number(value) > 0 ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>;
}

/** One reward amount: its title with whether it is on, and its number of coins. */
function AmountField({
  form,
  name,
  title,
  label,
  hint,
}: {
  form: UseFormReturn<Values>;
  name: AmountName;
  title: string;
  label: string;
  hint: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        <OnOff control={form.control} name={name} />
      </div>
      <TextInput
        label={label}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX}
        step={1}
        suffix="coins"
        hint={hint}
        error={form.formState.errors[name]?.message}
        {...form.register(name, COINS_RULES)}
      />
    </div>
  );
}

function CheckInState({ control }: { control: Control<Values> }) {
  const days = useWatch({ control, name: 'checkIn' });
  return days.some((d) => Number(d.coins) > 0) ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>;
}

function RewardsForm({ initial }: { initial: AdminRewards }) {
  const save = useSaveRewardAmounts();
  const [saved, setSaved] = useState<AdminRewards | null>(null);
  const form = useForm<Values>({ defaultValues: toValues(initial) });
  const { register, control, handleSubmit, setError, reset, getValues, formState } = form;
  const days = useFieldArray({ control, name: 'checkIn' });
  const { errors, isDirty } = formState;
  useUnsavedChanges(isDirty);
  const shown = saved ?? initial;

  const submit = handleSubmit((values) => {
    setSaved(null);
    save.mutate(
      {
        welcomeCoins: Number(values.welcomeCoins),
        checkInCoins: values.checkIn.map((d) => Number(d.coins)),
        firstPurchaseCoins: Number(values.firstPurchaseCoins),
      },
      {
        onSuccess: (result) => {
          reset(toValues(result));
          setSaved(result);
        },
        onError: (error) => {
          const { fields } = formErrors(error);
          for (const [name, text] of Object.entries(fields))
            setError(formField(name), { type: 'server', message: text });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-6">
      <p className="text-sm text-zinc-600">
        Rewards are paid as bonus coins, which viewers spend before bought coins and which never expire. They go only to
        accounts with a verified email. <strong>0 = off.</strong>
      </p>
      <div className="grid grid-cols-2 gap-6">
        <AmountField
          form={form}
          name="welcomeCoins"
          title="Welcome coins"
          label="Coins for a new viewer"
          hint="Collected once per person (per verified address, even after the account is deleted)."
        />
        <AmountField
          form={form}
          name="firstPurchaseCoins"
          title="First-purchase bonus"
          label="Bonus coins with a buyer’s first paid order"
          hint="Ships off (0): set an amount to offer it. Added once, to a buyer’s first paid order (coins or membership); taken back if that order is refunded."
        />
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 flex items-center gap-2 text-sm font-semibold">
          Daily check-in <CheckInState control={control} />
        </legend>
        <p className="text-sm text-zinc-600">
          Coins for each day of a streak of daily visits (UTC days). The last day’s amount repeats for longer streaks; a
          missed day starts again at day 1. No days, or all 0 = off.
        </p>
        {days.fields.length > 0 ? (
          <div className="grid grid-cols-7 gap-3">
            {days.fields.map((field, i) => (
              <TextInput
                key={field.id}
                label={i === days.fields.length - 1 ? `Day ${i + 1} and after` : `Day ${i + 1}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX}
                step={1}
                suffix="coins"
                error={errors.checkIn?.[i]?.coins?.message}
                {...register(`checkIn.${i}.coins`, COINS_RULES)}
              />
            ))}
          </div>
        ) : (
          <p className="text-sm text-zinc-500">No check-in days: the daily check-in is off.</p>
        )}
        <div className="flex gap-2">
          <Button
            size="sm"
            disabled={days.fields.length >= REWARD_LIMITS.maxCheckInDays}
            onClick={() => {
              // A new last day starts at the amount the streak reached, which it repeated until now.
              days.append({ coins: getValues('checkIn').at(-1)?.coins ?? '0' });
            }}
          >
            Add a day
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={days.fields.length === 0}
            onClick={() => {
              days.remove(days.fields.length - 1);
            }}
          >
            Remove the last day
          </Button>
          <span className="self-center text-xs text-zinc-500">Up to {REWARD_LIMITS.maxCheckInDays} days.</span>
        </div>
      </fieldset>

      {errors.root?.server ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {errors.root.server.message}
        </p>
      ) : (
        <FormMessage error={save.error} />
      )}
      <div className="flex items-center gap-4 border-t border-zinc-200 pt-4">
        <Button type="submit" variant="primary" disabled={save.isPending || !isDirty}>
          {save.isPending ? 'Saving…' : 'Save rewards'}
        </Button>
        <p role="status" className="text-sm">
          {saved && !isDirty ? (
            <span className="font-medium text-green-700">Saved. Viewers see the new amounts now.</span>
          ) : (
            <span className="text-zinc-500">Last changed {dateTime(shown.updatedAt)}</span>
          )}
        </p>
      </div>
    </form>
  );
}

/** The reward amounts (welcome coins, the daily check-in, the first-purchase bonus) as one form. */
export function RewardsCard() {
  const rewards = useRewardAmounts();
  return (
    <Card title="Rewards">
      {rewards.isPending ? (
        <Loading />
      ) : rewards.isError ? (
        <ErrorState error={rewards.error} retry={() => void rewards.refetch()} />
      ) : (
        <RewardsForm initial={rewards.data} />
      )}
    </Card>
  );
}
