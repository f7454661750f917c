/**
 * The database's own part of the module list: the migrations that came before the domains had
 * folders of their own. Each of them changed the users', roles', sessions' and audit log's tables
 * together, so none belongs to one domain; they stay whole because the database records every
 * migration by name.
 */
import type { DomainModule } from '../module.js';
import * as initial from './migrations/0001-initial.js';
import * as rowCounts from './migrations/0002-row-counts.js';
import * as listIndexes from './migrations/0004-list-indexes.js';
import * as searchIndexes from './migrations/0005-search-indexes.js';
import * as invitations from './migrations/0006-invitations.js';
import * as searchFold from './migrations/0040-search-fold.js';

const database: DomainModule = {
  name: 'database',
  migrations: {
    '0001-initial': initial,
    '0002-row-counts': rowCounts,
    '0004-list-indexes': listIndexes,
    '0005-search-indexes': searchIndexes,
    '0006-invitations': invitations,
    '0040-search-fold': searchFold,
  },
};

export default database;
