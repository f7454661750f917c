/**
 * A gift card's page: its code, balance of what it was issued for, expiry, recipient and message,
 * who bought it in the shop, and whether its e-mails went;
 * its ledger (issued, bookings it paid, refunds back to it, adjustments, voiding), each with who
 * and why; and, for those allowed, adjusting its balance or voiding it, each with a note.
 */
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Show, TopToolbar, useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { GiftCardWithTransactions } from '../../../shared/contract/gift-cards';
import { GIFT_CARD_RULES } from '../../../shared/contract/gift-card-rules';
import { fill } from '../../../shared/i18n/fill';
import { formatMinor } from '../../../shared/money';
import { formatDateTime } from '../../dates';
import { intlLocale } from '../../i18n/language';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { Section } from '../bookings/show/Section';
import { FORM_WIDTH, useIsSmallScreen } from '../common/fields';
import { ShowLoadError } from '../common/LoadError';
import { RecordLines, SidewaysScroll } from '../common/narrow-screens';
import { readAmount } from '../common/read-amount';
import { StatusChip } from './GiftCardList';
import { useGiftCardWords } from './gift-card-words';

/** Adjust or void: a dialog with a note (and an amount to adjust by), the server's refusal said in it. */
function CardAction({ card, action }: { card: GiftCardWithTransactions; action: 'adjust' | 'void' }) {
  const words = useGiftCardWords();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setProblem(null);
    const typed = amount.trim();
    const negative = typed.startsWith('-') || typed.startsWith('−');
    const parsed = action === 'adjust' ? readAmount(typed.replace(/^[-−]/, ''), card.currency) : null;
    if (parsed && 'problem' in parsed) return setProblem(parsed.problem);
    if (note.trim().length < GIFT_CARD_RULES.note.minLength) return setProblem(words.whyRule);
    setBusy(true);
    try {
      const body = action === 'adjust' ? { amountMinor: (negative ? -1 : 1) * (parsed as { minor: number }).minor, note: note.trim() } : { note: note.trim() };
      await dataProvider.call(`gift-cards/${encodeURIComponent(card.id)}/${action}`, { method: 'POST', body });
      notify(action === 'adjust' ? words.adjusted : words.voided, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : words.theCard);
    } finally {
      setBusy(false);
    }
  };
  const title = fill(action === 'adjust' ? words.adjustTitle : words.voidTitle, { code: card.code });
  return (
    <>
      <Button size="small" color={action === 'void' ? 'error' : 'primary'} onClick={() => { setAmount(''); setNote(''); setProblem(null); setOpen(true); }}>
        {action === 'adjust' ? words.adjust : words.voidCard}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={`gift-card-${action}-title`}>
        <DialogTitle id={`gift-card-${action}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            {action === 'void' && <DialogContentText>{words.voidText}</DialogContentText>}
            {action === 'adjust' && <TextField label={`${words.adjustAmount} (${card.currency})`} value={amount} onChange={(event) => setAmount(event.target.value)} helperText={words.adjustHelp} required />}
            <TextField label={words.why} value={note} onChange={(event) => setNote(event.target.value)} helperText={words.whyRule} required slotProps={{ htmlInput: { maxLength: GIFT_CARD_RULES.note.maxLength } }} />
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{words.cancel}</Button>
          <Button variant="contained" color={action === 'void' ? 'error' : 'primary'} disabled={busy} onClick={() => void submit()}>
            {action === 'adjust' ? words.adjust : words.voidCard}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Ledger({ card }: { card: GiftCardWithTransactions }) {
  const words = useGiftCardWords();
  const small = useIsSmallScreen();
  const locale = intlLocale();
  // A typographic minus, as the rest of the office writes amounts taken off.
  const money = (amount: number) => formatMinor(amount, card.currency, locale).replace(/^-/, '−');
  // Opened from the list, the card shows first as the list had it (no ledger) until its own read comes.
  const entries = (card.transactions ?? []).map((entry, index) => ({ ...entry, id: index }));
  const what = (entry: (typeof entries)[number]) => (
    <>
      {words.kinds[entry.kind]}
      {entry.bookingId && (
        <>
          {' '}
          <RouterLink to={`/bookings/${encodeURIComponent(entry.bookingId)}/show`}>{entry.bookingReference}</RouterLink>
        </>
      )}
      {entry.note && <Typography variant="body2" color="text.secondary">{entry.note}</Typography>}
    </>
  );
  if (small) {
    return (
      <RecordLines label={words.ledger} records={entries}>
        {(entry) => (
          <>
            <Typography>{what(entry)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(entry.at)} · {entry.amountMinor > 0 ? '+' : ''}
              {money(entry.amountMinor)} → {money(entry.balanceAfterMinor)}
              {entry.by ? ` · ${entry.by}` : ''}
            </Typography>
          </>
        )}
      </RecordLines>
    );
  }
  return (
    <SidewaysScroll label={words.ledger}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{words.when}</TableCell>
            <TableCell>{words.what}</TableCell>
            <TableCell align="right">{words.change}</TableCell>
            <TableCell align="right">{words.after}</TableCell>
            <TableCell>{words.by}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell>{formatDateTime(entry.at)}</TableCell>
              <TableCell>{what(entry)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {entry.amountMinor > 0 ? '+' : ''}
                {money(entry.amountMinor)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(entry.balanceAfterMinor)}
              </TableCell>
              <TableCell>{entry.by ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SidewaysScroll>
  );
}

/** Where the card's e-mails went, and whether: one line each (sent once; a failure says why). */
function Emails({ card }: { card: GiftCardWithTransactions }) {
  const words = useGiftCardWords();
  if (card.messages.length === 0) return <Typography color="text.secondary">{words.noEmails}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {card.messages.map((message) => (
        <li key={message.kind}>
          <Typography>
            {words.mailKinds[message.kind]}: {words.mailStatus[message.status]}
            {message.to && ` · ${message.to}`}
            {message.sentAt && ` · ${formatDateTime(message.sentAt)}`}
          </Typography>
          {message.error && (
            <Typography variant="body2" color="error">
              {message.error}
            </Typography>
          )}
        </li>
      ))}
    </Box>
  );
}

function CardDetails() {
  const card = useRecordContext<GiftCardWithTransactions>();
  const words = useGiftCardWords();
  const { canAccess: canManage } = useCanAccess({ resource: 'gift-cards', action: 'create' });
  const locale = intlLocale();
  if (!card) return null;
  const line = (label: string, value: string) => (
    <Typography>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {value}
    </Typography>
  );
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h5" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {card.code}
        </Typography>
        <StatusChip card={card} words={words} />
      </Stack>
      <Box sx={{ mt: 2, display: 'grid', gap: 0.5 }}>
        {line(words.balance, `${formatMinor(card.balanceMinor, card.currency, locale)} / ${formatMinor(card.initialMinor, card.currency, locale)}`)}
        {line(words.expires, card.expiresAt ? formatDateTime(card.expiresAt) : words.never)}
        {line(words.recipient, [card.recipientName, card.recipientEmail].filter(Boolean).join(' · ') || '—')}
        {card.message && line(words.message, card.message)}
        {line(words.issued, `${formatDateTime(card.createdAt)} · ${card.soldOnline ? words.soldOnline : words.byStaff}`)}
        {card.buyer && line(words.buyer, `${card.buyer.name} · ${card.buyer.email}`)}
        {card.language && line(words.language, words.languages[card.language])}
      </Box>
      {canManage === true && card.status !== 'void' && (
        <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <CardAction card={card} action="adjust" />
          <CardAction card={card} action="void" />
        </Stack>
      )}
      <Section title={words.ledger}>
        <Ledger card={card} />
      </Section>
      {card.messages && (
        <Section title={words.emails}>
          <Emails card={card} />
        </Section>
      )}
    </Box>
  );
}

export function GiftCardShow() {
  const words = useGiftCardWords();
  return (
    // Its balance changes with payments made elsewhere: read again whenever the page opens.
    <Show sx={FORM_WIDTH} title={words.list} actions={<TopToolbar />} queryOptions={{ onError: () => undefined, refetchOnMount: 'always' }} redirectOnError={false} error={<ShowLoadError what={words.theCard} />}>
      <CardDetails />
    </Show>
  );
}
