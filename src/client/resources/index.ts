/**
 * Every resource of the app: each folder's index.ts, found by Vite at build time, in menu order.
 * A new resource is a new folder; nothing here changes.
 */
import { t } from '../i18n';
import { inSentence } from '../i18n/language';
import type { Title } from '../page-titles';
import type { ResourceModule } from './resource-module';

const found = import.meta.glob<{ default: ResourceModule }>('./*/index.ts', { eager: true });

export const RESOURCES: ResourceModule[] = Object.values(found)
  .map((module) => module.default)
  .sort((a, b) => a.menuOrder - b.menuOrder);

export const RESOURCE_APIS = Object.fromEntries(RESOURCES.map((resource) => [resource.name, resource.api]));

/** Page titles of the app's own screens and each resource's, most specific first, in the current language. */
export const RESOURCE_TITLES: [RegExp, Title][] = [
  [/^\/dashboard$/, () => t('dashboard.title')],
  [/^\/profile$/, () => t('profile.title')],
  [/^\/check-in$/, () => t('menu.check_in')],
  [/^\/day-sheet$/, () => t('menu.day_sheet')],
  [/^\/passenger-lists$/, () => t('passenger_lists.title')],
  [/^\/margins$/, () => t('menu.margins')],
  [/^\/access-denied$/, () => t('ra.page.access_denied')],
  ...RESOURCES.flatMap((resource) => {
    const base = `^\\/${resource.name}`;
    const name = (count: number) => t(`resources.${resource.name}.name`, { smart_count: count });
    return [
      [new RegExp(`${base}$`), () => name(2)],
      [new RegExp(`${base}\\/create$`), () => t('titles.new', { name: inSentence(name(1)) })],
      [new RegExp(`${base}\\/[^/]+\\/show$`), () => name(1)],
      ...(resource.routes ?? []).map(({ path, title }): [RegExp, Title] => [new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+').replace(/\//g, '\\/')}$`), title]),
      [new RegExp(`${base}\\/[^/]+$`), () => t('titles.edit', { name: inSentence(name(1)) })],
    ] as [RegExp, Title][];
  }),
];
