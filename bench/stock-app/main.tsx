/**
 * The benchmark's yardstick: a stock react-admin app as its docs start one — one <Admin> with a
 * single ListGuesser resource over a small in-memory dataProvider. Built and measured in the same
 * run as the product (bench/run.mjs).
 */
import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource, type DataProvider } from 'react-admin';

const users = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, email: `user${i}@example.com`, fullName: `User ${i}`, status: 'active' }));

const dataProvider = {
  getList: async (_resource, params) => {
    const { page = 1, perPage = 10 } = params.pagination ?? {};
    return { data: users.slice((page - 1) * perPage, page * perPage), total: users.length };
  },
  getOne: async (_resource, params) => ({ data: users.find((user) => user.id === Number(params.id))! }),
  getMany: async (_resource, params) => ({ data: users.filter((user) => params.ids.includes(user.id)) }),
  getManyReference: async () => ({ data: [], total: 0 }),
  create: async () => Promise.reject(new Error('read-only')),
  update: async () => Promise.reject(new Error('read-only')),
  updateMany: async () => Promise.reject(new Error('read-only')),
  delete: async () => Promise.reject(new Error('read-only')),
  deleteMany: async () => Promise.reject(new Error('read-only')),
} as DataProvider;

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} disableTelemetry>
    <Resource name="users" list={ListGuesser} />
  </Admin>,
);
