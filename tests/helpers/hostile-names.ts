/**
 * A field name of `bytes` characters made of the separators of the refusal "{} has been paid and
 * the new total would be {}: refund {} first.": the input that drove the old German translation of
 * refusals (one regular expression with a lazy group per value) to cubic backtracking.
 */
export function hostileName(bytes: number): string {
  const unit = ' has been paid and the new total would be : refund ';
  return unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
}
