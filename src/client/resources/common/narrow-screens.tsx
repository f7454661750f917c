/**
 * What the screens share for a phone's width: the query that tells a phone, a wide table's own
 * sideways scroll (the page itself never scrolls sideways), the lines a phone shows instead of a
 * table, and a person's name kept whole.
 */
import { Box, useMediaQuery, type Theme } from '@mui/material';
import type { Key, ReactNode } from 'react';

/** Phones: lists switch to one line of text per record instead of a table that scrolls sideways. */
export function useIsSmallScreen(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}

/** A table or grid wider than a narrow screen scrolls sideways inside the page: reachable by keyboard, named for screen readers. */
export function SidewaysScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ overflowX: 'auto', contain: 'inline-size' }} tabIndex={0} role="region" aria-label={label}>
      {children}
    </Box>
  );
}

/** A phone's version of a table: each record as a few lines of its own, divided by a rule. */
export function RecordLines<T extends { id: Key }>({ label, records, children }: { label: string; records: readonly T[]; children: (record: T) => ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {records.map((record) => (
        <Box component="li" key={record.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
          {children(record)}
        </Box>
      ))}
    </Box>
  );
}

/** A name breaks at its spaces, not between the characters of 山田 (unless it could not fit otherwise). */
export function PersonName({ name }: { name: string }) {
  return (
    <Box component="span" sx={{ wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>
      {name}
    </Box>
  );
}
