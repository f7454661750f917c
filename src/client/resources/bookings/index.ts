import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import { createElement, lazy } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceModule } from '../resource-module';

const BookingList = lazy(() => import('./BookingList').then((module) => ({ default: module.BookingList })));
const BookingCreate = lazy(() => import('./BookingCreate').then((module) => ({ default: module.BookingCreate })));
const BookingEdit = lazy(() => import('./BookingEdit').then((module) => ({ default: module.BookingEdit })));
const BookingShow = lazy(() => import('./BookingShow').then((module) => ({ default: module.BookingShow })));
const BookingChange = lazy(() => import('./change/BookingChange').then((module) => ({ default: module.BookingChange })));

const bookings: ResourceModule = {
  name: 'bookings',
  list: BookingList,
  create: BookingCreate,
  edit: BookingEdit,
  show: BookingShow,
  icon: ConfirmationNumberIcon,
  recordRepresentation: (record: RaRecord) => `${record.reference as string}`,
  menuOrder: 30,
  dashboardCard: true,
  routes: [{ path: '/bookings/:id/change', element: createElement(BookingChange), title: 'Move or change a booking' }],
  api: {
    path: 'bookings',
    recordPath: (id) => `bookings/${encodeURIComponent(id)}`,
    filters: ['q', 'status', 'paymentStatus', 'tourId', 'departureId', 'resellerId', 'customerId', 'channel', 'from', 'to', 'balanceDue', 'overdue', 'bookedFrom', 'bookedTo'],
    // Only what an amendment may change: the contact, notes, and travellers' names, birth dates and notes.
    // A name a reseller has not given yet stays out of the amendment (it stays "to come").
    updateBody: (data) => ({
      ...(String(data.contact?.name ?? '').trim() !== '' && { contact: { name: data.contact?.name, email: data.contact?.email, phone: data.contact?.phone || null } }),
      notes: data.notes ?? '',
      pickup: data.pickup ?? '',
      guideNotes: data.guideNotes ?? '',
      travellers: ((data.travellers as { id: string; firstName: string; lastName: string; dateOfBirth: string | null; notes: string }[] | undefined) ?? []).map((traveller) => ({
        id: traveller.id,
        ...(traveller.firstName.trim() !== '' && { firstName: traveller.firstName }),
        ...(traveller.lastName.trim() !== '' && { lastName: traveller.lastName }),
        dateOfBirth: traveller.dateOfBirth || null,
        notes: traveller.notes ?? '',
      })),
    }),
    // A booking takes or frees seats, and a reseller's counts its bookings: those lists change with it.
    linked: ['departures', 'tours', 'resellers'],
  },
};

export default bookings;
