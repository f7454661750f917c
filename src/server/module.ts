/**
 * What a domain brings to the server. Every domain folder's index.ts exports one of these, and
 * modules.ts lists them: the app registers their plugins in that order, the migration runner runs
 * their migrations, the OpenAPI document shows their tags and housekeeping calls their clean-ups.
 * A domain added to that list needs nothing else outside its folder.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Migration } from 'kysely';
import type { Config } from './config.js';

export interface DomainModule {
  name: string;
  /** The OpenAPI tag its routes carry. */
  tag?: { name: string; description: string };
  /**
   * Its migrations, by name. A name starts with a number that orders it among every domain's
   * migrations (the next free number is one more than the highest in any domain); a migration
   * that has shipped is never edited or renamed, as the database records it by name.
   */
  migrations?: Record<string, Migration>;
  /** Decorates the app with its services and registers its routes (under /api). */
  plugin?: FastifyPluginAsync;
  /**
   * Errors under `prefix` answered in a shape of the domain's own (an outside protocol's, such as
   * OCTO's), also those the router gives before any route runs (an address too long or malformed).
   */
  errorAnswers?: { prefix: string; send(error: Error, request: FastifyRequest, reply: FastifyReply): FastifyReply };
  /**
   * Reads and checks the domain's own environment variables (config.variable), throwing a
   * ConfigError that names a wrong one: the server refuses to start with it, as with its own.
   */
  checkSettings?: (config: Config) => void;
  /** Clean-up run by the hourly housekeeping (spent rows that only take room). */
  housekeeping?: (app: FastifyInstance) => Promise<void>;
}
