/** The shared words in English (words.ts): the server's e-mails and the office's first view read them. */
export const WORDS_EN = {
  traveller: {
    ADULT: 'adult |||| adults',
    CHILD: 'child |||| children',
    INFANT: 'infant |||| infants',
  },
  booking_status: {
    held: 'Held',
    confirmed: 'Confirmed',
    waitlisted: 'Waitlisted',
    cancelled: 'Cancelled',
    expired: 'Expired',
  },
  refund_of: 'a refund of %{amount}',
  payment_what: { payment: 'Payment received', refund: 'Refund made' },
  due_now: {
    nothing: 'Nothing is left to pay.',
    deposit: 'Please pay the deposit of %{deposit} now, and the rest, %{rest}, by %{date}.',
    balance_now: 'Please pay %{amount} now.',
    balance_by: 'Please pay %{amount} by %{date}.',
  },
  changed: {
    moved: 'It now departs on %{now} instead of %{before}.',
    travellers: 'Travellers now: %{now} (before: %{before}).',
    price: 'The price is now %{now} (before: %{before}).',
    preview: '(Here the message says what changed: the new date, the travellers, the new price.)',
  },
};

type Tree<T> = { [K in keyof T]: T[K] extends string ? string : Tree<T[K]> };
/** The words' shape, every language's the same as the English. */
export type Words = Tree<typeof WORDS_EN>;
