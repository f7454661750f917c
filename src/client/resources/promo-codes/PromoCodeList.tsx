/** The promo codes list: the code, what it gives, where and when it holds, its uses, active or not. */
import { BooleanInput, CreateButton, Datagrid, FilterButton, FunctionField, List, SimpleList, TextInput, TopToolbar, useCanAccess } from 'react-admin';
import type { PromoCode } from '../../../shared/contract/promo-codes';
import { intlLocale } from '../../i18n/language';
import { ActiveChip, RowLink, useIsSmallScreen } from '../common/fields';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { usePromoWords, type PromoWords } from './promo-code-words';

function ListActions() {
  const { canAccess } = useCanAccess({ resource: 'promo-codes', action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess === true && <CreateButton />}
    </TopToolbar>
  );
}

/** Where a code holds: every tour or some, and its travel dates. */
export function whereText(code: PromoCode, words: PromoWords): string {
  const tours = code.tourIds === null ? words.everyTour : words.toursCount(code.tourIds.length);
  return code.travelFrom || code.travelTo ? `${tours} · ${words.range(code.travelFrom, code.travelTo)}` : tours;
}

export function PromoCodeList() {
  const small = useIsSmallScreen();
  const words = usePromoWords();
  const locale = intlLocale();
  const filters = [<TextInput key="q" source="q" label={words.search} alwaysOn />, <BooleanInput key="active" source="active" label={words.activeOnly} />];
  const EMPTY = <p style={{ padding: 16 }}>{words.empty}</p>;
  return (
    <List title={words.list} filters={filters} actions={<ListActions />} sort={{ field: 'createdAt', order: 'DESC' }} pagination={<ListPagination />} error={<ListLoadError what={words.list} />} empty={false} exporter={false}>
      {small ? (
        <SimpleList<PromoCode>
          linkType="show"
          primaryText={(code) => code.code}
          secondaryText={(code) => words.offer(code, locale)}
          tertiaryText={(code) => (code.active ? `${words.uses}: ${words.usesText(code.uses, code.maxUses)}` : words.inactiveLabel)}
          empty={EMPTY}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={EMPTY}>
          <FunctionField<PromoCode> source="code" label={words.code} sortBy="code" render={(code) => <RowLink to={`/promo-codes/${encodeURIComponent(code.id)}/show`}>{code.code}</RowLink>} />
          <FunctionField<PromoCode> source="gives" label={words.gives} sortable={false} render={(code) => words.offer(code, locale)} />
          <FunctionField<PromoCode> source="where" label={words.where} sortable={false} render={(code) => whereText(code, words)} />
          <FunctionField<PromoCode> source="when" label={words.when} sortable={false} render={(code) => words.range(code.bookingFrom?.slice(0, 10) ?? null, code.bookingTo?.slice(0, 10) ?? null)} />
          <FunctionField<PromoCode> source="uses" label={words.uses} sortBy="uses" render={(code) => words.usesText(code.uses, code.maxUses)} />
          <FunctionField<PromoCode> source="status" label={words.status} sortable={false} render={(code) => <ActiveChip active={code.active} />} />
        </Datagrid>
      )}
    </List>
  );
}
