/**
 * Reads every server call the elements can make (method + path pattern) from the source, with the
 * TypeScript compiler: the fault matrix (tests/faults/fault-matrix.browser.test.ts) covers exactly
 * this list, so a new call cannot be added without a row of the matrix.
 *
 * A call is found where a path reaches the network:
 *   - the first argument of `request()` / `requestData()` (src/api/client.ts): a literal, a ternary
 *     of literals, or a local `const` holding those;
 *   - a path table read by a call whose path is computed (`request(path, …)`, `xhr.open('POST', …)`):
 *     an exported `*_ENDPOINTS` object, a `*_PATH` constant, or a `*Path()` builder returning a
 *     template. Such a call's method is the method of the computed-path calls, which must agree
 *     (else this module throws: map the table to its call by hand then).
 * A `${…}` part of a path becomes `:name`, after the last name in it. Tests are not read.
 */
import ts from 'typescript';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface ApiCall {
  method: string;
  path: string;
  /** The module (repository-relative) where the path is written. */
  source: string;
}

const CALLERS = new Set(['request', 'requestData']);
const PATH_PREFIX = /^\/[a-z_:]/i;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !/\.test(-helpers)?\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** `${encodeURIComponent(q.blogName)}` → `blogName`: the last name in the expression. */
function paramName(expression: ts.Expression): string {
  const names: string[] = [];
  const visit = (n: ts.Node) => {
    const callee = (x: ts.Node) => ts.isCallExpression(x.parent) && x.parent.expression === x;
    const isMethod = ts.isPropertyAccessExpression(n.parent) && n.parent.name === n && callee(n.parent);
    if (ts.isIdentifier(n) && !callee(n) && !isMethod) names.push(n.text);
    ts.forEachChild(n, visit);
  };
  visit(expression);
  return names.at(-1) ?? 'param';
}

/** The path patterns an expression can evaluate to, or null when it is not made of literals. */
function pathsOf(node: ts.Expression, locals: Map<string, ts.Expression>): string[] | null {
  if (ts.isParenthesizedExpression(node)) return pathsOf(node.expression, locals);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return PATH_PREFIX.test(node.text) ? [node.text] : null;
  if (ts.isTemplateExpression(node)) {
    const text = node.head.text + node.templateSpans.map((s) => `:${paramName(s.expression)}${s.literal.text}`).join('');
    return PATH_PREFIX.test(text) ? [text] : null;
  }
  if (ts.isConditionalExpression(node)) {
    const a = pathsOf(node.whenTrue, locals);
    const b = pathsOf(node.whenFalse, locals);
    return a && b ? [...a, ...b] : null;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
    // `options.href ?? '/svc/conversations'`: a paging href is a later page of the same call.
    return pathsOf(node.right, locals);
  }
  if (ts.isIdentifier(node) && locals.has(node.text)) return pathsOf(locals.get(node.text)!, locals);
  return null;
}

function property(options: ts.Expression | undefined, name: string): ts.Expression | undefined {
  if (!options || !ts.isObjectLiteralExpression(options)) return undefined;
  for (const p of options.properties) {
    if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name) return p.initializer;
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === name) return p.name;
  }
  return undefined;
}

/** The client's rule (src/api/client.ts): the method given, else POST with a body, else GET. */
function methodsOf(options: ts.Expression | undefined): string[] {
  const method = property(options, 'method');
  if (method) {
    if (ts.isStringLiteral(method)) return [method.text];
    if (ts.isConditionalExpression(method) && ts.isStringLiteral(method.whenTrue) && ts.isStringLiteral(method.whenFalse)) {
      return [method.whenTrue.text, method.whenFalse.text];
    }
    throw new Error(`a method the extractor cannot read: ${method.getText()}`);
  }
  return ['form', 'json', 'multipart'].some((p) => property(options, p)) ? ['POST'] : ['GET'];
}

/** `const x = <expr>` declarations in the function (or file) around a node. */
function localsAround(node: ts.Node): Map<string, ts.Expression> {
  let scope: ts.Node = node;
  while (scope.parent && !ts.isFunctionLike(scope) && !ts.isSourceFile(scope)) scope = scope.parent;
  const locals = new Map<string, ts.Expression>();
  const visit = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) locals.set(n.name.text, n.initializer);
    ts.forEachChild(n, visit);
  };
  visit(scope);
  return locals;
}

export function extractApiCalls(root: string): ApiCall[] {
  const found = new Map<string, ApiCall>();
  const add = (method: string, path: string, source: string) => {
    const key = `${method} ${path}`;
    if (!found.has(key)) found.set(key, { method, path, source });
  };
  const tables: { paths: string[]; source: string }[] = [];
  const computedMethods = new Set<string>();

  for (const file of ['src', 'elements'].flatMap((d) => sourceFiles(join(root, d)))) {
    const source = relative(root, file).split('\\').join('/');
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : undefined;
        // request()/requestData() of the API client (src/core/requests.ts has another request(), of element commands).
        if (name && CALLERS.has(name) && /from '[./]*(src\/)?api\/client'|from '\.\/client'/.test(text) && node.arguments[0]) {
          const paths = pathsOf(node.arguments[0], localsAround(node));
          const methods = methodsOf(node.arguments[1]);
          if (paths) for (const p of paths) for (const m of methods) add(m, p, source);
          else for (const m of methods) computedMethods.add(m);
        }
        if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'open' && node.arguments.length >= 2) {
          const m = node.arguments[0]!;
          if (ts.isStringLiteral(m) && /^(GET|POST|PUT|DELETE)$/.test(m.text) && /XMLHttpRequest/.test(text)) computedMethods.add(m.text);
        }
      }
      // Path tables: FOO_ENDPOINTS = { … }, FOO_PATH = '…', fooPath() returning a template.
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        let init: ts.Expression = node.initializer;
        if (ts.isAsExpression(init)) init = init.expression;
        if (/_ENDPOINTS$/.test(node.name.text) && ts.isObjectLiteralExpression(init)) {
          const paths = init.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? (pathsOf(p.initializer, new Map()) ?? []) : []));
          tables.push({ paths, source });
        } else if (/_PATH$/.test(node.name.text)) {
          const paths = pathsOf(init, new Map());
          if (paths) tables.push({ paths, source });
        }
      }
      if (ts.isFunctionDeclaration(node) && node.name && /Path$/.test(node.name.text) && node.body) {
        for (const st of node.body.statements) {
          if (ts.isReturnStatement(st) && st.expression) {
            const paths = pathsOf(st.expression, new Map());
            if (paths) tables.push({ paths, source });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  if (tables.length) {
    if (computedMethods.size !== 1) {
      throw new Error(
        `The calls with a computed path use ${[...computedMethods].join(', ') || 'no method'}: say in api-calls.ts which table each reads`,
      );
    }
    const [method] = [...computedMethods];
    for (const t of tables) for (const p of t.paths) add(method!, p, t.source);
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
