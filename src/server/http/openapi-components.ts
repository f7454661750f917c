/**
 * The OpenAPI document names the contract's shapes once: every schema of src/shared/contract
 * with a `title` (User, Role, Tour, TourComponent, ItineraryDay, Media, …) is lifted into
 * `components.schemas` under that title, and each place it was used points at it with a `$ref`.
 * Only the document changes; routes validate with the schemas as they are.
 */
type Json = Record<string, unknown>;

export function liftTitledSchemas(document: Json): Json {
  const components = (document.components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Json;
  // Children first, so a titled schema inside another (MediaUrls in Media) is a $ref in both places.
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value === null || typeof value !== 'object') return value;
    const node = value as Json;
    const copy: Json = {};
    for (const [key, child] of Object.entries(node)) copy[key] = visit(child);
    const title = node.title;
    if (typeof title === 'string' && /^[A-Z][A-Za-z]+$/.test(title) && node.type === 'object') {
      schemas[title] ??= copy;
      return { $ref: `#/components/schemas/${title}` };
    }
    return copy;
  };
  document.paths = visit(document.paths);
  return document;
}
