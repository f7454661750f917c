/** The gift cards list: code, recipient, balance of what it was issued for, expiry and status; found by code or recipient. */
import { Chip } from '@mui/material';
import { CreateButton, Datagrid, FilterButton, FunctionField, List, SelectInput, SimpleList, TextInput, TopToolbar, useCanAccess, useListContext } from 'react-admin';
import type { GiftCard } from '../../../shared/contract/gift-cards';
import { GIFT_CARD_STATUSES } from '../../../shared/contract/gift-card-rules';
import { formatMinor } from '../../../shared/money';
import { formatDateTime } from '../../dates';
import { intlLocale } from '../../i18n/language';
import { RowLink, useIsSmallScreen } from '../common/fields';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { useGiftCardWords, type GiftCardWords } from './gift-card-words';

const COLOURS = { active: 'success', used: 'default', expired: 'warning', void: 'error' } as const;

export function StatusChip({ card, words }: { card: Pick<GiftCard, 'status'>; words: GiftCardWords }) {
  return <Chip size="small" label={words.statuses[card.status]} color={COLOURS[card.status]} variant={card.status === 'active' ? 'filled' : 'outlined'} />;
}

function ListActions() {
  const { canAccess } = useCanAccess({ resource: 'gift-cards', action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess === true && <CreateButton />}
    </TopToolbar>
  );
}

/** No card: none at all yet, or none matching the search and filters (said as such, not as an empty office). */
function EmptyCards() {
  const words = useGiftCardWords();
  const { filterValues } = useListContext();
  const filtered = Object.values(filterValues ?? {}).some((value) => value !== undefined && value !== '');
  return <p style={{ padding: 16 }}>{filtered ? words.noMatch : words.empty}</p>;
}

export function GiftCardList() {
  const small = useIsSmallScreen();
  const words = useGiftCardWords();
  const locale = intlLocale();
  const money = (card: GiftCard) => `${formatMinor(card.balanceMinor, card.currency, locale)} / ${formatMinor(card.initialMinor, card.currency, locale)}`;
  const filters = [
    <TextInput key="q" source="q" label={words.search} alwaysOn />,
    <SelectInput key="status" source="status" label={words.status} choices={GIFT_CARD_STATUSES.map((status) => ({ id: status, name: words.statuses[status] }))} />,
  ];
  const EMPTY = <EmptyCards />;
  return (
    <List title={words.list} filters={filters} actions={<ListActions />} sort={{ field: 'createdAt', order: 'DESC' }} pagination={<ListPagination />} error={<ListLoadError what={words.list} />} empty={false} exporter={false}>
      {small ? (
        <SimpleList<GiftCard> linkType="show" primaryText={(card) => card.code} secondaryText={(card) => `${money(card)} · ${words.statuses[card.status]}`} tertiaryText={(card) => card.recipientName ?? ''} empty={EMPTY} />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={EMPTY}>
          <FunctionField<GiftCard> source="code" label={words.code} sortable={false} render={(card) => <RowLink to={`/gift-cards/${encodeURIComponent(card.id)}/show`}>{card.code}</RowLink>} />
          <FunctionField<GiftCard> source="recipient" label={words.recipient} sortable={false} render={(card) => card.recipientName ?? card.recipientEmail ?? '—'} />
          <FunctionField<GiftCard> source="balanceMinor" label={words.balance} sortBy="balanceMinor" render={money} />
          <FunctionField<GiftCard> source="expiresAt" label={words.expires} sortable={false} render={(card) => (card.expiresAt ? formatDateTime(card.expiresAt) : words.never)} />
          <FunctionField<GiftCard> source="createdAt" label={words.issued} sortBy="createdAt" render={(card) => formatDateTime(card.createdAt)} />
          <FunctionField<GiftCard> source="status" label={words.status} sortable={false} render={(card) => <StatusChip card={card} words={words} />} />
        </Datagrid>
      )}
    </List>
  );
}
