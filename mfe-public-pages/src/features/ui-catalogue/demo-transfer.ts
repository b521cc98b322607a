// The initiate form of the catalogue's demo transfer: what a real screen's schema.ts would hold.
import type { Wallet } from '@ajo/shared/entities';
import { amountSchema, narrationSchema, sourceWalletNumberSchema, z } from '@ajo/shared/schemas';
import type { SummaryRow } from '@ajo/shared/ui/money-fields';

export const demoTransferSchema = z.object({
  wallet_account_number: sourceWalletNumberSchema,
  amount: amountSchema,
  narration: narrationSchema,
});
export type DemoTransfer = z.infer<typeof demoTransferSchema>;

/** Two wallets as GET /users/{id} lists them: the commission wallet (product 4) stays out. */
export const DEMO_WALLETS: Wallet[] = [
  {
    id: 1,
    name: 'Ajo Wallet',
    account_no: '1100000001',
    balance: 250_000,
    product_id: 1,
    account_status: 'active',
  },
  {
    id: 2,
    name: 'Commission Wallet',
    account_no: '1100000002',
    balance: 500,
    product_id: 4,
    account_status: 'active',
  },
];

/** What a reload brings back goes through the same schema (docs/conventions.md §4). */
export function parseDemoTransfer(raw: unknown): DemoTransfer | null {
  const parsed = demoTransferSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function demoTransferSummary(details: DemoTransfer): SummaryRow[] {
  const wallet = DEMO_WALLETS.find((w) => w.account_no === details.wallet_account_number);
  return [
    {
      label: 'From wallet',
      value: wallet ? `${wallet.name} - ${wallet.account_no}` : details.wallet_account_number,
    },
    { label: 'Amount', amount: details.amount },
    { label: 'Narration', value: details.narration },
  ];
}
