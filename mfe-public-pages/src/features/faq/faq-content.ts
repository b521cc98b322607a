// SPEC §2 FAQ: questions grouped as Account Opening, Transactions and KYC.
export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}
export interface FaqGroup {
  title: string;
  items: FaqItem[];
}

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    title: 'Account Opening',
    items: [
      {
        id: 'sign-up',
        question: 'How do I sign up?',
        answer: 'Use the Sign Up button on the homepage and follow the steps.',
      },
      {
        id: 'close-account',
        question: 'How do I close my account?',
        answer: 'Contact customer support and we will help you close your account.',
      },
    ],
  },
  {
    title: 'Transactions',
    items: [
      {
        id: 'deposit',
        question: 'How do I deposit money into my wallet?',
        answer: 'Fund your wallet by bank transfer or from another wallet.',
      },
      {
        id: 'pay-bills',
        question: 'What can I pay for from my wallet?',
        answer:
          'Airtime and data for MTN, Airtel, Glo and 9mobile, prepaid and postpaid electricity, and cable TV (DStv, GOtv, StarTimes and Showmax). Open Payments in your dashboard, choose what to pay and confirm with your transaction PIN.',
      },
      {
        id: 'transfer',
        question: 'How do I transfer money?',
        answer:
          'Transfer to a bank account or to another wallet: enter the recipient details and the amount, then confirm.',
      },
    ],
  },
  {
    title: 'KYC',
    items: [
      {
        id: 'update-info',
        question: 'How do I update my personal information?',
        answer: 'Log in and go to the KYC section under Settings.',
      },
    ],
  },
];
