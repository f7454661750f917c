/**
 * Every resource of the app: each folder's index.ts, found by Vite at build time, in menu order.
 * A new resource is a new folder; nothing here changes.
 */
import type { ResourceModule } from './resource-module';

const found = import.meta.glob<{ default: ResourceModule }>('./*/index.ts', { eager: true });

export const RESOURCES: ResourceModule[] = Object.values(found)
  .map((module) => module.default)
  .sort((a, b) => a.menuOrder - b.menuOrder);

export const RESOURCE_APIS = Object.fromEntries(RESOURCES.map((resource) => [resource.name, resource.api]));

/** Toast texts: "Tour created", "Tour saved", "Tour deleted". */
export const RESOURCE_MESSAGES: Record<string, string> = Object.fromEntries(
  RESOURCES.flatMap((resource) => [
    [`resources.${resource.name}.notifications.created`, `${resource.label.one} created`],
    [`resources.${resource.name}.notifications.updated`, `${resource.label.one} saved`],
    [`resources.${resource.name}.notifications.deleted`, `${resource.label.one} deleted`],
  ]),
);

/** Page titles of each resource's screens, most specific first. */
export const RESOURCE_TITLES: [RegExp, string][] = RESOURCES.flatMap((resource) => {
  const base = `^\\/${resource.name}`;
  const one = resource.label.one.toLowerCase();
  return [
    [new RegExp(`${base}$`), resource.label.many],
    [new RegExp(`${base}\\/create$`), `New ${one}`],
    [new RegExp(`${base}\\/[^/]+\\/show$`), resource.label.one],
    ...(resource.routes ?? []).map(({ path, title }): [RegExp, string] => [new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+').replace(/\//g, '\\/')}$`), title]),
    [new RegExp(`${base}\\/[^/]+$`), `Edit ${one}`],
  ] as [RegExp, string][];
});
