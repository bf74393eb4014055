import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@babel/parser';

/**
 * Every English text the Worker can refuse with (and, apart, every success message), read from its sources: AppError and notFound messages, zod
 * messages (method arguments and `error`/`message` options) and validation details' `msg`. A value written
 * into a text becomes a `{}` slot, so the list compares with the catalogue's templates whatever the names.
 */
const ROOTS = ['worker', 'party'];
const ZOD_METHODS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'int',
  'email',
  'url',
  'positive',
  'nonnegative',
  'nonempty',
  'gte',
  'lte',
  'gt',
  'lt',
  'startsWith',
  'endsWith',
  'includes',
  'uuid',
  'datetime',
  'date',
  'time',
  'multipleOf',
]);

// A Babel AST, walked by its node types.
type Node = any;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.ts$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

function walk(node: Node, visit: (node: Node, parents: Node[]) => void, parents: Node[] = []) {
  if (!node || typeof node.type !== 'string') return;
  visit(node, parents);
  for (const key of Object.keys(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
    const value = node[key];
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) if (child && typeof child.type === 'string') walk(child, visit, [...parents, node]);
  }
}

export const slots = (text: string) => text.replace(/\{[^{}]*\}/g, '{}');

export function serverMessages(root: string): { messages: Set<string>; successes: Set<string>; unresolved: string[] } {
  const sources = ROOTS.flatMap((dir) => files(join(root, dir))).map((path) => ({
    path,
    ast: parse(readFileSync(path, 'utf8'), { sourceType: 'module', plugins: ['typescript'] }),
  }));
  const constants = new Map<string, Node>();
  for (const { ast } of sources) {
    walk(ast, (node) => {
      if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init) {
        if (!constants.has(node.id.name)) constants.set(node.id.name, node.init);
      }
    });
  }
  const fixedText = (node: Node | undefined): string | null =>
    node?.type === 'StringLiteral'
      ? node.value
      : node?.type === 'TemplateLiteral' && !node.expressions.length
        ? node.quasis[0].value.cooked
        : null;
  const textOf = (node: Node, depth = 0): string[] | null => {
    if (node.type === 'StringLiteral') return [node.value];
    if (node.type === 'TSAsExpression' || node.type === 'ParenthesizedExpression')
      return textOf(node.expression, depth);
    if (node.type === 'ConditionalExpression') {
      const [a, b] = [textOf(node.consequent, depth), textOf(node.alternate, depth)];
      return a && b ? [...a, ...b] : null;
    }
    if (node.type === 'TemplateLiteral') {
      let text = node.quasis[0].value.cooked;
      node.expressions.forEach((expression: Node, i: number) => {
        const fixed = expression.type === 'Identifier' ? fixedText(constants.get(expression.name)) : null;
        text += (fixed ?? '{}') + node.quasis[i + 1].value.cooked;
      });
      return [text];
    }
    if (node.type === 'Identifier' && depth < 3) {
      const value = constants.get(node.name);
      if (value) return textOf(value, depth + 1);
    }
    if (/^(NewExpression|CallExpression|ArrowFunctionExpression|MemberExpression)$/.test(node.type)) return [];
    return null;
  };
  const messages = new Set<string>();
  const successes = new Set<string>();
  const unresolved: string[] = [];
  const add = (path: string, node: Node | undefined, suffix = '') => {
    if (!node) return;
    const found = textOf(node);
    if (found === null) unresolved.push(`${path}:${node.loc?.start.line} ${node.type}`);
    else for (const text of found) messages.add(slots(text + suffix));
  };
  const literalsIn = (fn: Node) =>
    walk(fn, (inner) => {
      if (inner.type === 'StringLiteral' || inner.type === 'TemplateLiteral') {
        for (const text of textOf(inner) ?? []) if (/\s/.test(text)) messages.add(slots(text));
      }
    });
  for (const { path, ast } of sources) {
    walk(ast, (node, parents) => {
      if (node.type === 'NewExpression' && node.callee.name === 'AppError') add(path, node.arguments[1]);
      if (node.type === 'CallExpression') {
        const callee = node.callee;
        if (callee.type === 'Identifier' && callee.name === 'notFound') add(path, node.arguments[0], ' not found');
        if (callee.type === 'MemberExpression' && ZOD_METHODS.has(callee.property.name)) {
          for (const arg of node.arguments) {
            if (arg.type === 'StringLiteral' || arg.type === 'TemplateLiteral') add(path, arg);
            else if (arg.type === 'Identifier' && textOf(arg)?.length) add(path, arg);
          }
        }
      }
      if (node.type === 'ObjectProperty' && node.key.type === 'Identifier') {
        const name = node.key.name;
        const call = parents[parents.length - 2];
        const inCall = call?.type === 'CallExpression' || call?.type === 'NewExpression';
        const successShape = inCall && /^(ok|created)$/.test(call.callee.name ?? '');
        if (name === 'msg' || ((name === 'error' || name === 'message') && inCall && !successShape)) {
          if (/Function/.test(node.value.type)) literalsIn(node.value);
          else add(path, node.value);
        }
        // A success's message: given to ok()/created(), or returned by a module's service for its route to give.
        const returned = parents.some((parent) => parent.type === 'ReturnStatement') && /modules/.test(path);
        if (name === 'message' && (successShape || (returned && !inCall))) {
          for (const text of textOf(node.value) ?? []) successes.add(slots(text));
        }
      }
    });
  }
  return { messages, successes, unresolved };
}
