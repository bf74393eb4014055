/**
 * `npm run lint` runs this: every text `client/` shows goes through the message catalogues, and each shipped
 * language has them all.
 * 1. The catalogues are current: extracting again (`npm run i18n:extract`) would change none of them.
 * 2. Every message of every catalogue has a translation in each language, with the same {placeholders}.
 * 3. No text is written straight into what a screen shows: JSX text, text-bearing props (`label`, `title`,
 *    `placeholder`, `aria-label` …), text-bearing object keys, toasts and validation messages, and any literal
 *    that reads like an English phrase. A line that is truly not a text (a brand, a language's own name) says so
 *    with `i18n-ignore` in a comment on it or on the line above.
 * Paths given as arguments limit parts 2 and 3 to them. Exits 1 and names each finding.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse } from '@babel/parser';
import PO from 'pofile';
import { LANGUAGES, SOURCE_LANGUAGE } from '../client/lib/languages';

const root = resolve(import.meta.dirname, '..');
const client = join(root, 'client');
const scopes = process.argv.slice(2).map((path) => resolve(path));
const inScope = (file: string) => scopes.length === 0 || scopes.some((scope) => file.startsWith(scope));
const findings: string[] = [];

const rel = (file: string) => relative(root, file);

function walk(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : walk(path, keep);
    return keep(name) ? [path] : [];
  });
}

// 1. Current catalogues: extract, compare, and put the files back as they were.
const catalogueFiles = () => walk(client, (name) => name.endsWith('.po'));
const before = new Map(catalogueFiles().map((file) => [file, readFileSync(file, 'utf8')]));
try {
  execFileSync('npx', ['lingui', 'extract', '--clean'], { cwd: root, stdio: 'pipe' });
  const after = catalogueFiles();
  for (const file of after) {
    if (before.get(file) !== readFileSync(file, 'utf8'))
      findings.push(`${rel(file)}: not current (run npm run i18n:extract)`);
  }
  for (const file of before.keys()) if (!after.includes(file)) findings.push(`${rel(file)}: no longer extracted`);
} finally {
  for (const file of catalogueFiles()) if (!before.has(file)) rmSync(file);
  for (const [file, text] of before) writeFileSync(file, text);
}

// 2. Complete translations, placeholders kept.
// The names a message interpolates (`{name}`, `{count, plural, …}`), each once: plural branches repeat them.
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)\s*[,}]/g)].map((match) => match[1]))].sort().join(',');
// One table per language holds every loaded screen's texts: a text translated two ways would read as whichever
// catalogue loaded last. A text that means two things takes a context (`t({ message, context })`).
const translations = new Map<string, { text: string; file: string }>();
for (const file of catalogueFiles()) {
  const language = file.replace(/.*\/(\w+)\.po$/, '$1');
  if (language === SOURCE_LANGUAGE) continue;
  for (const item of PO.parse(readFileSync(file, 'utf8')).items) {
    const text = item.msgstr.join('');
    const key = `${language}\u0004${item.msgctxt ?? ''}\u0004${item.msgid}`;
    const seen = translations.get(key);
    if (!text) continue;
    if (!seen) translations.set(key, { text, file });
    else if (seen.text !== text && (inScope(file) || inScope(seen.file)))
      findings.push(`${rel(file)}: "${item.msgid}" reads "${text}" here but "${seen.text}" in ${rel(seen.file)}`);
  }
}
for (const file of catalogueFiles().filter(inScope)) {
  const language = file.replace(/.*\/(\w+)\.po$/, '$1');
  if (!(LANGUAGES as readonly string[]).includes(language)) findings.push(`${rel(file)}: not a shipped language`);
  if (language === SOURCE_LANGUAGE) continue;
  for (const item of PO.parse(readFileSync(file, 'utf8')).items) {
    const text = item.msgstr.join('');
    if (!text.trim()) findings.push(`${rel(file)}: no ${language} text for "${item.msgid}"`);
    else if (placeholders(text) !== placeholders(item.msgid))
      findings.push(`${rel(file)}: "${item.msgid}" and its ${language} text name different {placeholders}`);
  }
  for (const other of LANGUAGES) {
    if (!existsSync(file.replace(/\w+\.po$/, `${other}.po`)))
      findings.push(`${rel(file)}: no ${other} catalogue beside it`);
  }
}

// 3. Texts written straight into the screens.
type Node = { type: string; [key: string]: unknown };
const TEXT_PROP =
  /^(label|title|placeholder|alt|description|heading|message|text|caption|hint|subtitle|summary|emptyText|helperText|aria-label|aria-description|aria-valuetext|aria-roledescription|ariaLabel|[a-z]+(Label|Title|Text|Message|Description|Heading|Caption|Hint|Placeholder))$/;
const SKIP_CALLS =
  /^(css|cva|sva|cx|defineRecipe|defineSlotRecipe|console\.\w+|Error|TypeError|RangeError|require|import|fetch|new URL|URL|URLSearchParams|RegExp|Symbol|querySelector|querySelectorAll|getElementById|addEventListener|removeEventListener|setAttribute|getAttribute|startsWith|endsWith|includes|split|replace|match|test|createFileRoute|createRoute|getRouteApi|lazyRouteComponent|Intl\.\w+|\w+\.get|\w+\.set|\w+\.remove|\w+\.has|\w+\.delete|api\.call|api\.callBody|callBody|call|navigate|redirect)$/;
const TEXT_CALLS =
  /^(toast(\.(success|error|info|warning|message|loading|show|promise))?|notify|\w+\.(min|max|length|regex|email|url|refine|superRefine|nonempty|positive|nonnegative|int|gte|lte|gt|lt|multipleOf))$/;
const MACROS = new Set(['t', 'msg', 'plural', 'select', 'selectOrdinal', 'defineMessage']);
const MACRO_JSX = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);
const LETTER = /\p{L}/u;
const FUNCTIONS = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
  'ClassPrivateMethod',
]);
// A phrase: two or more words, the first capitalised, or a sentence's end; a label: one capitalised word.
const PHRASE = /^[\s(]*[A-Z][\p{Ll}'’]*(?:[ ,;:—–.!?-]+[\p{L}\d'’()…]+)+[.!?…:]?\s*$/u;
const LABEL = /^[A-Z][\p{Ll}]+$/u;

function calleeName(node: Node): string {
  const callee = node.callee as Node;
  if (callee.type === 'Identifier') return callee.name as string;
  if (callee.type === 'MemberExpression') {
    const object = callee.object as Node;
    const property = callee.property as Node;
    const left =
      object.type === 'Identifier' ? (object.name as string) : object.type === 'ThisExpression' ? 'this' : '_';
    return `${left}.${property.type === 'Identifier' ? property.name : '_'}`;
  }
  return '';
}

function scan(file: string) {
  const source = readFileSync(file, 'utf8');
  const lines = source.split('\n');
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'], errorRecovery: true });
  const ignored = (line: number) =>
    /i18n-ignore/.test(lines[line - 1] ?? '') || /i18n-ignore/.test(lines[line - 2] ?? '');
  const report = (node: Node, text: string, why: string) => {
    const line = (node.loc as { start: { line: number } }).start.line;
    const where = `${rel(file)}:${line}: "${text.trim().slice(0, 60)}"`;
    if (!ignored(line) && !findings.some((finding) => finding.startsWith(where)))
      findings.push(`${where} (${why}) is not in a catalogue`);
  };
  // Translated once, when the module loads, a text would not follow a change of language.
  const moduleLevel = (node: Node) => {
    const line = (node.loc as { start: { line: number } }).start.line;
    if (!ignored(line))
      findings.push(
        `${rel(file)}:${line}: a text translated outside a function: use msg, and i18n._ where it is shown`,
      );
  };
  /** A literal (or the literal parts of a template, a condition's branches) that would be shown. */
  const shown = (node: Node | null | undefined, why: string, strict: boolean) => {
    if (!node) return;
    if (node.type === 'StringLiteral') {
      const value = node.value as string;
      if (LETTER.test(value) && (strict || PHRASE.test(value) || LABEL.test(value))) report(node, value, why);
    } else if (node.type === 'TemplateLiteral') {
      const text = (node.quasis as Node[]).map((quasi) => (quasi.value as { cooked: string }).cooked).join('…');
      if (LETTER.test(text) && (strict || PHRASE.test(text.replace(/…/g, 'x')))) report(node, text, why);
    } else if (node.type === 'ConditionalExpression') {
      shown(node.consequent as Node, why, strict);
      shown(node.alternate as Node, why, strict);
    } else if (node.type === 'LogicalExpression') {
      shown(node.right as Node, why, strict);
    } else if (node.type === 'BinaryExpression' && node.operator === '+') {
      shown(node.left as Node, why, strict);
      shown(node.right as Node, why, strict);
    } else if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') {
      shown(node.expression as Node, why, strict);
    }
  };
  const visit = (node: Node | null | undefined, parent: Node | null, depth = 0) => {
    if (!node || typeof node !== 'object') return;
    if (FUNCTIONS.has(node.type)) depth += 1;
    switch (node.type) {
      case 'ImportDeclaration':
      case 'ExportAllDeclaration':
      case 'TSTypeAnnotation':
      case 'TSTypeAliasDeclaration':
      case 'TSInterfaceDeclaration':
      case 'TSEnumDeclaration':
        return;
      case 'TaggedTemplateExpression': {
        const tag = node.tag as Node;
        if (tag.type === 'Identifier' && MACROS.has(tag.name as string)) {
          if (depth === 0 && tag.name !== 'msg' && tag.name !== 'defineMessage') moduleLevel(node);
          return;
        }
        break;
      }
      case 'CallExpression':
      case 'NewExpression': {
        const name = calleeName(node);
        if (MACROS.has(name) && depth === 0 && name !== 'msg' && name !== 'defineMessage') moduleLevel(node);
        if (MACROS.has(name) || SKIP_CALLS.test(name) || /^console\./.test(name)) return;
        if (TEXT_CALLS.test(name)) for (const arg of node.arguments as Node[]) shown(arg, 'message', true);
        break;
      }
      case 'JSXElement': {
        const opening = node.openingElement as Node;
        const tag = opening.name as Node;
        if (tag.type === 'JSXIdentifier' && MACRO_JSX.has(tag.name as string)) return;
        break;
      }
      case 'JSXText':
        if (LETTER.test(node.value as string)) report(node, node.value as string, 'text');
        return;
      case 'JSXExpressionContainer':
        if (parent?.type === 'JSXElement' || parent?.type === 'JSXFragment')
          shown(node.expression as Node, 'text', true);
        break;
      case 'JSXAttribute': {
        const name = (node.name as Node).name as string;
        const value = node.value as Node | null;
        if (TEXT_PROP.test(name) && value) {
          shown(value.type === 'JSXExpressionContainer' ? (value.expression as Node) : value, `prop ${name}`, true);
        } else if (name === 'className' || name === 'style') return;
        break;
      }
      case 'ObjectProperty': {
        const key = node.key as Node;
        const name =
          key.type === 'Identifier' ? (key.name as string) : key.type === 'StringLiteral' ? (key.value as string) : '';
        if (TEXT_PROP.test(name)) shown(node.value as Node, `${name}:`, true);
        break;
      }
      case 'BinaryExpression':
        // Comparisons hold values (`key === 'Enter'`), not texts.
        if (['===', '!==', '==', '!='].includes(node.operator as string)) return;
        break;
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        // `headers['Content-Type']`: a name, not a text.
        visit(node.object as Node, node, depth);
        if (node.computed && (node.property as Node).type !== 'StringLiteral')
          visit(node.property as Node, node, depth);
        return;
      case 'SwitchCase':
        for (const child of node.consequent as Node[]) visit(child, node, depth);
        return;
      case 'StringLiteral':
      case 'TemplateLiteral':
        if (parent?.type !== 'ObjectProperty' || (parent.key as Node) !== node) shown(node, 'text', false);
        return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'start' || key === 'end' || key === 'leadingComments' || key === 'trailingComments')
        continue;
      if (Array.isArray(value)) for (const child of value) visit(child as Node, node, depth);
      else if (value && typeof value === 'object' && typeof (value as Node).type === 'string')
        visit(value as Node, node, depth);
    }
  };
  visit(ast.program as unknown as Node, null);
}

const sources = walk(client, (name) => /\.tsx?$/.test(name) && !/\.(gen|d)\.ts$/.test(name)).filter(
  (file) => inScope(file) && !file.includes('/locales/'),
);
for (const file of sources) scan(file);

if (findings.length > 0) {
  console.error(findings.join('\n'));
  console.error(`\n${findings.length} finding(s): texts must go through the catalogues (lingui.config.ts).`);
  process.exit(1);
}
console.log(`i18n: ${sources.length} files, every text catalogued, ${LANGUAGES.length} languages complete.`);
