/**
 * What each customer spent, per currency, kept by the database as bookings are written: the
 * customers list and a customer's page read it from `customer_spending` instead of summing the
 * customer's bookings for every answer. Summing cost as much as the customer had bookings, so a
 * list whose first page held a customer with thousands (a hotel desk that books under its own
 * e-mail) was as slow as that customer was busy.
 *
 * "Spent" is what the bookings' `paid_minor` add up to (payments less refunds), whatever their
 * status. Each statement that writes bookings adds what it changed: a booking's payment, a booking
 * moving to another customer (a merge, a contact given at confirmation), a booking deleted. Its
 * trigger fires before the customers' counts (its name sorts first), which may delete a customer
 * left with nothing; a customer that no longer exists is left out, and its rows go with it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table customer_spending (
      customer_id uuid not null references customers (id) on delete cascade,
      currency char(3) not null,
      spent_minor bigint not null,
      primary key (customer_id, currency)
    )`.execute(db);
  await sql`
    insert into customer_spending (customer_id, currency, spent_minor)
    select customer_id, currency, sum(paid_minor) from bookings
    where customer_id is not null group by 1, 2 having sum(paid_minor) <> 0`.execute(db);
  await sql`
    create function customer_spending_counted() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        insert into customer_spending (customer_id, currency, spent_minor)
        select customer_id, currency, sum(paid_minor) from inserted
        where customer_id is not null and paid_minor <> 0 group by 1, 2 order by 1, 2
        on conflict (customer_id, currency) do update set spent_minor = customer_spending.spent_minor + excluded.spent_minor;
      elsif TG_OP = 'DELETE' then
        insert into customer_spending (customer_id, currency, spent_minor)
        select d.customer_id, d.currency, -sum(d.paid_minor) from deleted d
        where d.customer_id is not null and d.paid_minor <> 0 and exists (select 1 from customers c where c.id = d.customer_id)
        group by 1, 2 order by 1, 2
        on conflict (customer_id, currency) do update set spent_minor = customer_spending.spent_minor + excluded.spent_minor;
      else
        -- Most changes of a booking (seats, notes, a status) leave what its customer spent as it is.
        if not exists (
          select 1 from inserted n join deleted o on o.id = n.id
          where n.paid_minor <> o.paid_minor or n.customer_id is distinct from o.customer_id or n.currency <> o.currency
        ) then
          return null;
        end if;
        insert into customer_spending (customer_id, currency, spent_minor)
        select x.customer_id, x.currency, sum(x.amount) from (
          select n.customer_id, n.currency, n.paid_minor as amount from inserted n join deleted o on o.id = n.id
          where n.customer_id is not null and (n.paid_minor <> o.paid_minor or n.customer_id is distinct from o.customer_id or n.currency <> o.currency)
          union all
          select o.customer_id, o.currency, -o.paid_minor from inserted n join deleted o on o.id = n.id
          where o.customer_id is not null and (n.paid_minor <> o.paid_minor or n.customer_id is distinct from o.customer_id or n.currency <> o.currency)
        ) x
        where exists (select 1 from customers c where c.id = x.customer_id)
        group by 1, 2 having sum(x.amount) <> 0 order by 1, 2
        on conflict (customer_id, currency) do update set spent_minor = customer_spending.spent_minor + excluded.spent_minor;
      end if;
      return null;
    end $$`.execute(db);
  for (const event of ['insert', 'update', 'delete'] as const) {
    const tables = event === 'insert' ? sql`new table as inserted` : event === 'delete' ? sql`old table as deleted` : sql`old table as deleted new table as inserted`;
    await sql`create trigger ${sql.id(`bookings_customer_spending_${event}`)} after ${sql.raw(event)} on bookings referencing ${tables} for each statement execute function customer_spending_counted()`.execute(db);
  }
}
