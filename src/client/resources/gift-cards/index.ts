import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceModule } from '../resource-module';

const GiftCardList = lazy(() => import('./GiftCardList').then((module) => ({ default: module.GiftCardList })));
const GiftCardCreate = lazy(() => import('./GiftCardCreate').then((module) => ({ default: module.GiftCardCreate })));
const GiftCardShow = lazy(() => import('./GiftCardShow').then((module) => ({ default: module.GiftCardShow })));

const FIELDS = ['currency', 'amountMinor', 'expiresAt', 'recipientName', 'recipientEmail', 'message', 'language'] as const;

const giftCards: ResourceModule = {
  name: 'gift-cards',
  list: GiftCardList,
  create: GiftCardCreate,
  show: GiftCardShow,
  icon: CardGiftcardIcon,
  recordRepresentation: (record: RaRecord) => record.code as string,
  menuOrder: 33,
  grants: { list: 'giftcards.read', show: 'giftcards.read', create: 'giftcards.manage' },
  api: {
    path: 'gift-cards',
    recordPath: (id) => `gift-cards/${encodeURIComponent(id)}`,
    filters: ['q', 'status'],
    createBody: (data) => {
      const body: Record<string, unknown> = {};
      for (const field of FIELDS) if (data[field] !== undefined && data[field] !== '' && data[field] !== null) body[field] = typeof data[field] === 'string' ? (data[field] as string).trim() : data[field];
      if (typeof body.currency === 'string') body.currency = body.currency.toUpperCase();
      return body;
    },
  },
};

export default giftCards;
