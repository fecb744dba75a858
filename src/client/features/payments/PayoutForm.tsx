// The bank account a shop is paid into (its Paystack subaccount): once set, 'Paid into {bank} ····1234' and a way
// to change it; the whole account number is never shown again (the server keeps only its last 4 digits).
import type { Bank, Payout } from '@shared/api/payments';
import type { Shop } from '@shared/api/shops';
import { Landmark } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { NativeSelect } from '../../ui/NativeSelect';
import { toast } from '../../ui/toast-store';
import { useSavePayout } from './queries';

export function PayoutForm({ shop, payout, banks }: { shop: Shop; payout: Payout; banks: Bank[] }) {
  const [changing, setChanging] = useState(false);
  return (
    <section aria-labelledby={`payout-${shop.id}`} className="space-y-3">
      <h3 id={`payout-${shop.id}`} className="font-semibold text-espresso-950">
        Bank account
      </h3>
      {payout.payoutsReady ? (
        <p className="flex items-center gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          <Landmark className="h-4 w-4 shrink-0" aria-hidden />
          Paid into {payout.bankName} ····{payout.accountLast4}
        </p>
      ) : (
        <p className="text-sm text-espresso-700">
          Customers’ online payments for {shop.name} are paid straight into this account by Paystack.
        </p>
      )}
      {payout.payoutsReady && !changing ? (
        <Button variant="outline" size="sm" onClick={() => setChanging(true)}>
          Change bank account
        </Button>
      ) : (
        <BankAccountFields
          shopId={shop.id}
          banks={banks}
          onSaved={() => setChanging(false)}
          onCancel={payout.payoutsReady ? () => setChanging(false) : undefined}
        />
      )}
    </section>
  );
}

function BankAccountFields({
  shopId,
  banks,
  onSaved,
  onCancel,
}: {
  shopId: number;
  banks: Bank[];
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const save = useSavePayout(shopId);
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [accountName, setAccountName] = useState('');
  const id = (field: string) => `payout-${shopId}-${field}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      // Spaces are how account numbers are often written and copied; the digits are what count.
      { bankCode, accountNumber: accountNumber.replace(/\s+/g, ''), accountName: accountName.trim() },
      {
        onSuccess: (saved) => {
          toast({
            title: 'Bank account saved',
            description: `Paid into ${saved.bankName} ····${saved.accountLast4}`,
          });
          onSaved();
        },
      },
    );
  };

  return (
    <form className="space-y-3" onSubmit={submit}>
      <Field id={id('bank')} label="Bank" required>
        <NativeSelect
          id={id('bank')}
          value={bankCode}
          onChange={(event) => setBankCode(event.target.value)}
          required
        >
          <option value="" disabled>
            Choose your bank
          </option>
          {banks.map((bank) => (
            <option key={bank.code} value={bank.code}>
              {bank.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={id('number')} label="Account number" required>
          <Input
            id={id('number')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={24}
            value={accountNumber}
            onChange={(event) => setAccountNumber(event.target.value)}
            required
          />
        </Field>
        <Field id={id('name')} label="Account holder name" required>
          <Input
            id={id('name')}
            autoComplete="off"
            maxLength={100}
            value={accountName}
            onChange={(event) => setAccountName(event.target.value)}
            required
          />
        </Field>
      </div>
      {save.isError && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
          {errorMessage(save.error, 'Could not save the bank account. Please try again.')}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
