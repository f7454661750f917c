/**
 * A new booking, step by step: the tour and departure (free seats shown), the travellers, extras
 * and single rooms, then the lead contact beside a live price summary, and hold or confirm. The
 * summary adds the same integer lines the server will (prices as the departure sells them now).
 * One Idempotency-Key per form: a double click on Book, or a retry after a lost answer, makes one
 * booking. Without enough seats the server's answer says how many are free and offers the waitlist.
 * The steps, the summary and the form's state are each a file of create/.
 */
import { Box, Button, Stack, Step, StepButton, Stepper } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useIsSmallScreen } from '../common/fields';
import { ContactStep } from './create/ContactStep';
import { DepartureStep } from './create/DepartureStep';
import { STEPS } from './create/draft';
import { ExtrasStep } from './create/ExtrasStep';
import { PriceSummary } from './create/PriceSummary';
import { TravellersStep } from './create/TravellersStep';
import { useBookingForm } from './create/useBookingForm';

export function BookingCreate() {
  const translate = useTranslate();
  const small = useIsSmallScreen();
  const form = useBookingForm();
  const { step, go, move, sending } = form;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('bookings.create.title')} />
      <Stepper nonLinear activeStep={step} orientation={small ? 'vertical' : 'horizontal'} sx={{ mb: 3 }}>
        {STEPS.map((label, index) => (
          <Step key={label} completed={index < step}>
            <StepButton onClick={() => go(index)}>{translate(`bookings.create.step.${label}`)}</StepButton>
          </Step>
        ))}
      </Stepper>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' }, alignItems: 'start' }}>
        <Box component="section" aria-label={translate(`bookings.create.step.${STEPS[step]}`)}>
          {step === 0 && <DepartureStep form={form} />}
          {step === 1 && <TravellersStep form={form} />}
          {step === 2 && <ExtrasStep form={form} />}
          {step === 3 && <ContactStep form={form} />}
          <Stack direction="row" sx={{ gap: 1, mt: 3, flexWrap: 'wrap' }}>
            {step > 0 && <Button onClick={() => move(-1)}>{translate('bookings.create.back')}</Button>}
            {step < STEPS.length - 1 && (
              <Button variant="contained" onClick={() => move(1)}>
                {translate('bookings.create.next')}
              </Button>
            )}
            {step === STEPS.length - 1 && (
              <>
                <Button variant="outlined" disabled={sending} onClick={() => void form.submit('held')}>
                  {translate('bookings.create.hold')}
                </Button>
                <Button variant="contained" disabled={sending} onClick={() => void form.submit('confirmed')}>
                  {translate('bookings.create.book')}
                </Button>
              </>
            )}
          </Stack>
        </Box>
        <PriceSummary form={form} />
      </Box>
    </Box>
  );
}
