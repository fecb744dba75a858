// The dashboard's Loyalty tab (issue 29): each shop's stamp card (on or off, stamps for the reward, what it gives
// and the most it takes off) and its figures: members, full cards, rewards redeemed in the last 30 days.

import type { LoyaltyProgram } from '@shared/api/loyalty';
import {
  MAX_REWARD_TEXT,
  MAX_REWARD_VALUE_RAND,
  MAX_STAMPS_REQUIRED,
  MIN_STAMPS_REQUIRED,
} from '@shared/api/loyalty-text';
import type { Shop } from '@shared/api/shops';
import { Gift } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Skeleton } from '../../ui/Skeleton';
import { Switch } from '../../ui/Switch';
import { toast } from '../../ui/toast-store';
import { useLoyaltyMembers, useLoyaltyProgram, useSaveLoyaltyProgram } from './queries';
import { Cups } from './StampCard';

export function LoyaltyTab({ shops }: { shops: Shop[] }) {
  return (
    <div className="space-y-6">
      <div>
        <h2 className="font-display text-2xl font-semibold">Stamp cards</h2>
        <p className="mt-1 max-w-2xl text-espresso-700">
          Give regulars a reason to come back: one stamp for every order they collect, and a reward when the
          card is full. Customers see their card on your page and redeem it at checkout. It is free.
        </p>
      </div>
      {shops.map((shop) => (
        <ShopLoyalty key={shop.id} shop={shop} />
      ))}
    </div>
  );
}

function ShopLoyalty({ shop }: { shop: Shop }) {
  const program = useLoyaltyProgram(shop.id);
  return (
    <Card
      className="space-y-5 p-4 sm:p-6"
      role="region"
      aria-label={`Stamp card: ${shop.name}`}
      data-testid="shop-loyalty"
    >
      <h3 className="flex items-center gap-2 font-display text-xl font-semibold text-espresso-950">
        <Gift className="h-5 w-5 text-espresso-600" aria-hidden /> {shop.name}
      </h3>
      {program.isLoading ? (
        <Skeleton className="h-40 w-full" />
      ) : program.isError ? (
        <p className="text-sm text-red-800" role="alert">
          Could not load this shop's card.{' '}
          <Button variant="outline" size="sm" onClick={() => void program.refetch()}>
            Try Again
          </Button>
        </p>
      ) : (
        <>
          {program.data && <Figures shopId={shop.id} />}
          <CardForm shopId={shop.id} saved={program.data ?? null} />
        </>
      )}
    </Card>
  );
}

function Figures({ shopId }: { shopId: number }) {
  const members = useLoyaltyMembers(shopId);
  const figures = [
    { label: 'Members', value: members.data?.members, hint: 'customers holding a stamp' },
    { label: 'Full cards', value: members.data?.fullCards, hint: 'rewards waiting to be used' },
    { label: 'Rewards redeemed', value: members.data?.redeemedLast30Days, hint: 'in the last 30 days' },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3" data-testid="loyalty-figures">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-lg bg-espresso-50 p-3">
          <dt className="text-xs font-medium text-espresso-700 sm:text-sm">{figure.label}</dt>
          <dd
            className="font-display text-2xl font-semibold text-espresso-950"
            data-testid={`figure-${figure.label}`}
          >
            {members.isError ? '–' : (figure.value ?? '…')}
          </dd>
          <dd className="text-xs text-espresso-600">{figure.hint}</dd>
        </div>
      ))}
    </dl>
  );
}

const DEFAULTS = {
  enabled: true,
  stampsRequired: 10,
  reward: 'Any regular coffee free',
  rewardMaxValue: '45.00',
};

function CardForm({ shopId, saved }: { shopId: number; saved: LoyaltyProgram | null }) {
  const save = useSaveLoyaltyProgram(shopId);
  const start = saved ?? { ...DEFAULTS, enabled: false };
  const [enabled, setEnabled] = useState(saved ? saved.enabled : true);
  const [stampsRequired, setStampsRequired] = useState(String(start.stampsRequired));
  const [reward, setReward] = useState(start.reward);
  const [rewardMaxValue, setRewardMaxValue] = useState(start.rewardMaxValue);
  const [problem, setProblem] = useState<string | null>(null);
  const stamps = Number(stampsRequired);
  const preview = Number.isInteger(stamps) && stamps >= MIN_STAMPS_REQUIRED && stamps <= MAX_STAMPS_REQUIRED;
  const prefix = `loyalty-${shopId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(
      { enabled, stampsRequired: Number(stampsRequired), reward, rewardMaxValue },
      {
        onSuccess: (card) =>
          toast({
            title: card.enabled ? 'Stamp card saved' : 'Stamp card switched off',
            description: card.enabled
              ? `${card.stampsRequired} stamps: ${card.reward}.`
              : "Customers keep their stamps for when it's back.",
          }),
        onError: (error) => setProblem(errorMessage(error, 'Could not save the card. Please try again.')),
      },
    );
  };

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <div className="flex items-center justify-between gap-3 rounded-lg border border-espresso-200 p-3">
        <label htmlFor={`${prefix}-enabled`} className="font-medium text-espresso-950">
          {saved ? 'Card on' : 'Offer a stamp card'}
          <span className="block text-sm font-normal text-espresso-700">
            {enabled
              ? 'Customers earn stamps and can redeem full cards.'
              : 'Off: no new stamps; stamps held are kept.'}
          </span>
        </label>
        <Switch id={`${prefix}-enabled`} checked={enabled} onCheckedChange={setEnabled} />
      </div>
      <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)_10rem]">
        <Field
          id={`${prefix}-stamps`}
          label="Stamps for the reward"
          hint={`${MIN_STAMPS_REQUIRED}–${MAX_STAMPS_REQUIRED}`}
        >
          <Input
            id={`${prefix}-stamps`}
            type="number"
            inputMode="numeric"
            min={MIN_STAMPS_REQUIRED}
            max={MAX_STAMPS_REQUIRED}
            value={stampsRequired}
            onChange={(event) => setStampsRequired(event.target.value)}
          />
        </Field>
        <Field id={`${prefix}-reward`} label="Reward" hint={`${reward.length}/${MAX_REWARD_TEXT}`}>
          <Input
            id={`${prefix}-reward`}
            maxLength={MAX_REWARD_TEXT}
            value={reward}
            onChange={(event) => setReward(event.target.value)}
          />
        </Field>
        <Field id={`${prefix}-max`} label="Most it takes off (R)" hint={`R1–R${MAX_REWARD_VALUE_RAND}`}>
          <Input
            id={`${prefix}-max`}
            inputMode="decimal"
            value={rewardMaxValue}
            onChange={(event) => setRewardMaxValue(event.target.value)}
          />
        </Field>
      </div>
      <p className="text-sm text-espresso-700">
        The reward takes the dearest item in the order off its total, up to the most you set.
      </p>
      {preview && <Cups stamps={0} stampsRequired={stamps} small />}
      {problem && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save card'}
      </Button>
    </form>
  );
}
