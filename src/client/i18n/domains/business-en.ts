/** The Business screen in English: the business's name and contact details. */
export const BUSINESS_EN = {
  business: {
    intro: 'Who your customers deal with: printed on vouchers and under every e-mail, the name your e-mails come from, and what resellers see as the supplier.',
    first_time: 'Your business has no name yet: e-mails end “Kind regards,” with nobody under it and vouchers name no one. Fill in at least the name and a phone number.',
    the_details: 'The business details',
    loading: 'Loading the business details…',
    saving: 'Saving…',
    saved: 'Business details saved: the next e-mails and vouchers print them',
    not_saved: 'The business details were not saved',
    fields: { name: 'Name', email: 'E-mail', phone: 'Phone', address: 'Postal address', website: 'Website' },
    help: {
      name: 'As customers know it, e.g. Fjord & Co Tours',
      email: 'Replies to the e-mails go here',
      phone: 'On vouchers and in the departure reminder',
      address: 'Up to four lines, as printed on the voucher',
      website: 'Starting with https://',
    },
  },
};
