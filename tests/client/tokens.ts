/** An unsigned JWT-shaped token for client tests: the browser only decodes, never verifies. */
export function fakeToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iat: 1, exp: 9999999999, ...claims })}.signature`;
}
