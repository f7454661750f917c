/** Words the screens of several domains share: amounts typed in a form, traveller categories. */

export const COMMON_EN = {
  amounts: {
    required: 'Enter an amount.',
    currency_first: 'Choose the currency first.',
    problem: {
      not_an_amount: 'Enter an amount such as 1299 or 1,299.50.',
      not_an_amount_whole: 'Enter an amount such as 189000 or 189,000.',
      reads_two_ways: 'The amount reads two ways: “%{mark}” separates thousands here, so write decimals with “%{decimal}” (for example 12%{decimal}50).',
      no_minor_unit: '%{currency} has no minor unit: whole amounts only.',
      too_many_decimals: '%{currency} has %{digits} decimals at most.',
      too_large: 'The amount is too large.',
    },
    zero_or_more: 'Enter an amount of 0 or more.',
    whole_amounts: 'Whole amounts',
    decimals: 'Up to %{digits} decimals',
  },
  traveller: {
    category: { ADULT: 'Adult', CHILD: 'Child', INFANT: 'Infant' },
    single_room: 'Single room',
  },
  sortable: {
    the_item: 'the item',
    instructions: 'To move it, press Space or Enter, then the arrow keys; Space or Enter again to drop it there, Escape to cancel.',
    picked_up: '%{name} picked up, at place %{place} of %{count}.',
    over: '%{name} over place %{place} of %{count}.',
    not_over: '%{name} is not over a place.',
    dropped: '%{name} dropped at place %{place} of %{count}.',
    dropped_back: '%{name} dropped where it was.',
    cancelled: 'Moving %{name} cancelled.',
    drag: 'Drag %{name}',
  },
  ra: {
    tiptap: {
      list_bulleted: 'Bulleted list',
      list_numbered: 'Numbered list',
      link: 'Link',
      clear_format: 'Clear formatting',
    },
  },
  month: {
    today: ' · today',
    previous: 'Previous month',
    next: 'Next month',
    this_month: 'This month',
  },
  message_kind: {
    booking_confirmed: 'Booking confirmed',
    payment_received: 'Payment or refund received',
    balance_reminder: 'Balance reminder',
    departure_reminder: 'Departure reminder',
    booking_cancelled: 'Booking cancelled',
    payment_link: 'Payment link',
    booking_changed: 'Booking changed',
    manage_link: 'Link to the booking',
  },
  message_kind_when: {
    booking_confirmed: 'Booking confirmed (voucher attached)',
    payment_received: 'Payment or refund received',
    balance_reminder: 'Balance reminder (7 days before it is due, and on the day)',
    departure_reminder: 'Departure reminder (3 days before)',
    booking_cancelled: 'Booking cancelled',
    payment_link: 'Payment link (sent by a clerk from the booking)',
    booking_changed: 'Booking changed (moved, or other travellers; new voucher attached)',
    manage_link: 'Link to the booking (the customer’s own page; when they ask for it again in the shop)',
  },
};
