/**
 * Filling in a message, as react-admin's Polyglot does: `%{name}` replaced by its value, and
 * `one |||| many` chosen by `smart_count` (the first form for 1, the second for any other number,
 * which is the rule of English and German alike). The server's e-mails and the browser share it.
 */
export type Values = Record<string, string | number | undefined>;

export function fill(message: string, values: Values = {}): string {
  let text = message;
  if (values.smart_count !== undefined && text.includes('||||')) {
    const forms = text.split('||||').map((form) => form.trim());
    text = (Number(values.smart_count) === 1 ? forms[0] : forms[1]) ?? forms[0];
  }
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}
