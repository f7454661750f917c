/**
 * A month on screen, Monday first: the heading with the month before and after, and a grid of whole
 * weeks whose days each list what the caller puts in them (the departures' month, a resource's
 * month). Days outside the month are shaded; today is marked in words as well as in weight.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, IconButton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { todayOnThisCalendar, weekdayNames } from '../departures/departure-text';
import { monthName, shiftMonth } from './month';
import { SidewaysScroll } from './narrow-screens';

/** The month's name between the buttons to the month before and after; `children` go after them (a "This month" button). */
export function MonthHeading({ month, onMonth, variant = 'h6', children }: { month: string; onMonth: (month: string) => void; variant?: 'h6' | 'subtitle1'; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
      <IconButton aria-label={translate('month.previous')} onClick={() => onMonth(shiftMonth(month, -1))}>
        <ChevronLeftIcon />
      </IconButton>
      <Typography component={variant === 'h6' ? 'h2' : 'h4'} variant={variant} sx={{ minWidth: variant === 'h6' ? 170 : 150, textAlign: 'center' }} aria-live="polite">
        {monthName(month)}
      </Typography>
      <IconButton aria-label={translate('month.next')} onClick={() => onMonth(shiftMonth(month, 1))}>
        <ChevronRightIcon />
      </IconButton>
      {children}
    </Stack>
  );
}

interface MonthGridProps<T> {
  /** The grid's days, from monthDays(). */
  days: { date: string; inMonth: boolean }[];
  /** What a day lists. */
  itemsOn: (date: string) => T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Named for a screen reader, as the grid scrolls sideways on a narrow window. */
  label: string;
  busy: boolean;
  minWidth: number;
  cellHeight: number;
}

export function MonthGrid<T>({ days, itemsOn, itemKey, renderItem, label, busy, minWidth, cellHeight }: MonthGridProps<T>) {
  const today = todayOnThisCalendar();
  const translate = useTranslate();
  return (
    <SidewaysScroll label={label}>
      <Box component="table" sx={{ width: '100%', minWidth, borderCollapse: 'collapse', tableLayout: 'fixed' }} aria-busy={busy}>
        <thead>
          <tr>
            {weekdayNames().map((name, index) => (
              <Box component="th" key={name} scope="col" sx={{ p: 0.5, fontWeight: 600, fontSize: 13, textAlign: 'left' }}>
                <abbr title={name} style={{ textDecoration: 'none' }}>
                  {weekdayNames('short')[index]}
                </abbr>
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: days.length / 7 }, (_, week) => (
            <tr key={week}>
              {days.slice(week * 7, week * 7 + 7).map((day) => (
                <Box component="td" key={day.date} sx={{ verticalAlign: 'top', border: 1, borderColor: 'divider', p: 0.5, height: cellHeight, bgcolor: day.inMonth ? undefined : 'action.hover' }}>
                  <Typography variant="caption" sx={{ fontWeight: day.date === today ? 700 : 400, color: day.inMonth ? 'text.primary' : 'text.secondary' }}>
                    {Number(day.date.slice(8))}
                    {day.date === today ? translate('month.today') : ''}
                  </Typography>
                  <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 0.25 }}>
                    {itemsOn(day.date).map((item) => (
                      <li key={itemKey(item)}>{renderItem(item)}</li>
                    ))}
                  </Stack>
                </Box>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </SidewaysScroll>
  );
}
