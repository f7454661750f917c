/** A piece of a download's file name made from what staff typed: its letters and digits, dashes between, at most 60 characters. */
export function fileNamePart(text: string, fallback: string): string {
  return text.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || fallback;
}
