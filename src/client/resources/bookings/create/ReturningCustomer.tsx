/**
 * As the clerk types the lead's name or e-mail, the customers it matches are offered: choosing one
 * fills the contact as the customer is known, and the booking then belongs to them (the server finds
 * a customer by the contact's e-mail). Shown only to those who may read customers.
 */
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import type { Customer } from '../../../../shared/contract/customers';
import { customerName } from '../../customers/customer-text';

const DEBOUNCE_MS = 300;

export function ReturningCustomer({ typed, onChoose }: { typed: { name: string; email: string }; onChoose: (customer: Customer) => void }) {
  const { canAccess } = useCanAccess({ resource: 'customers', action: 'list' });
  const translate = useTranslate();
  const text = (typed.email.trim().length >= 3 ? typed.email : typed.name).trim();
  const [search, setSearch] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useGetList<Customer>('customers', { filter: { q: search }, sort: { field: 'lastBookingAt', order: 'DESC' }, pagination: { page: 1, perPage: 5 } }, { enabled: canAccess === true && search.length >= 3 });
  const matches = (found.data ?? []).filter((customer) => customer.erasedAt === null && customer.email !== null);
  // Once the contact is a customer's exactly, there is nothing left to offer.
  const chosen = matches.some((customer) => customer.email!.toLowerCase() === typed.email.trim().toLowerCase() && customer.name === typed.name.trim());
  if (canAccess !== true || search.length < 3 || matches.length === 0 || chosen) return null;
  return (
    <Box role="region" aria-label={translate('bookings.create.returning')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}>
        <PersonSearchIcon fontSize="small" /> {translate('bookings.create.returning_question')}
      </Typography>
      <Stack sx={{ gap: 0.5 }}>
        {matches.map((customer) => (
          <Stack key={customer.id} direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ flex: 1, minWidth: 0, wordBreak: 'break-word' }}>
              {customerName(customer)} · {customer.email}
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                · {customer.bookingCount === 1 ? '1 booking' : `${customer.bookingCount} bookings`}
              </Typography>
            </Typography>
            <Button size="small" onClick={() => onChoose(customer)} aria-label={translate('bookings.create.book_for_name', { name: customerName(customer) })}>
              {translate('bookings.create.book_for_them')}
            </Button>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
