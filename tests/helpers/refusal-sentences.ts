/**
 * The sentences the server refuses with, read from its source: what is passed to httpErrors.*,
 * to new AppError(…) and to a domain's own error helpers (bookingErrors.…), what is put into a
 * refusal's field problems (problems.x = '…'), the schema checks' field messages (errors.ts's
 * put(…)) and Fastify's own refusals. Each is given as written, with every ${…} as {}: the form the
 * German messages are keyed by (src/server/http/refusals-de.ts). OCTO's answers stay English and
 * are left out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const SERVER = join(import.meta.dirname, '../../src/server');
const SHARED_RULES = join(import.meta.dirname, '../../src/shared/field-rules.ts');
/** Shared code whose refusals the server answers with (a booking's price, checked as the form checks it). */
const SHARED_REFUSING = [join(import.meta.dirname, '../../src/shared/booking-price.ts')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'octo' ? [] : sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

export function refusalSentences(): Map<string, string> {
  const files = [...sourceFiles(SERVER), ...SHARED_REFUSING].map((path) => ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true));
  // Constants by name across the server (NO_CUSTOMER, EMAIL_TAKEN…): their names are unique enough.
  const constants = new Map<string, ts.Expression>();
  for (const file of files) {
    for (const statement of file.statements) {
      if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer) constants.set(declaration.name.text, declaration.initializer);
      }
    }
  }
  const found = new Map<string, string>();
  const leaves = (node: ts.Node | undefined, where: string, depth = 0): void => {
    if (!node || depth > 4) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!found.has(node.text)) found.set(node.text, where);
    } else if (ts.isTemplateExpression(node)) {
      const text = node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
      if (!found.has(text)) found.set(text, where);
    } else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) leaves(node.expression, where, depth);
    else if (ts.isConditionalExpression(node)) {
      leaves(node.whenTrue, where, depth);
      leaves(node.whenFalse, where, depth);
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) leaves(node.right, where, depth);
    else if (ts.isObjectLiteralExpression(node)) {
      // A refusal's `reason` (PROMO_CODE_INVALID's expired, used_up…) is a code for programs, not a sentence.
      for (const property of node.properties) if (ts.isPropertyAssignment(property) && property.name.getText() !== 'reason') leaves(property.initializer, where, depth);
    } else if (ts.isIdentifier(node) && constants.has(node.text)) leaves(constants.get(node.text), where, depth + 1);
  };
  for (const file of files) {
    const name = relative(SERVER, file.fileName);
    const visit = (node: ts.Node): void => {
      const where = `${name}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = node.expression.getText(file);
        const args = [...(node.arguments ?? [])];
        if (callee === 'AppError') args.slice(2, 4).forEach((arg) => leaves(arg, where)); // its sentence and its fields' problems
        else if (/^httpErrors\.\w+$|^\w+Errors\.\w+$/.test(callee)) args.forEach((arg) => leaves(arg, where));
        else if (callee === 'put' && name === 'http/errors.ts') leaves(args[1], where);
      }
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
        const target = node.left;
        if ((ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target)) && /^(problems|errors)$/.test(target.expression.getText(file))) leaves(node.right, where);
      }
      // A function saying why something is refused (closedBecause…): every sentence it returns.
      if (ts.isFunctionDeclaration(node) && /Because$/.test(node.name?.text ?? '')) {
        const returns = (inner: ts.Node): void => {
          if (ts.isReturnStatement(inner)) leaves(inner.expression, where);
          else if (!ts.isFunctionLike(inner)) ts.forEachChild(inner, returns);
        };
        if (node.body) ts.forEachChild(node.body, returns);
      }
      // Fastify's own refusals and the sentence naming the fields of a refusal (errors.ts).
      if (name === 'http/errors.ts' && ts.isPropertyAssignment(node) && node.name.getText(file) === 'message') leaves(node.initializer, where);
      if (name === 'http/errors.ts' && ts.isVariableDeclaration(node) && node.name.getText(file) === 'TYPE_PROBLEMS') leaves(node.initializer, where);
      if (name === 'http/errors.ts' && ts.isFunctionDeclaration(node) && node.name?.text === 'describeFields') {
        node.body?.statements.forEach((statement) => ts.isReturnStatement(statement) && leaves(statement.expression, where));
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  // The field rules' own messages (a pattern a field must match), shared with the screens.
  const rules = ts.createSourceFile(SHARED_RULES, readFileSync(SHARED_RULES, 'utf8'), ts.ScriptTarget.ES2022, true);
  const visitRules = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText(rules) === 'PATTERN_MESSAGES' && node.initializer) leaves(node.initializer, 'shared/field-rules.ts');
    ts.forEachChild(node, visitRules);
  };
  visitRules(rules);
  return found;
}
