#!/usr/bin/env node
// Generates every public artefact of the elements' API from their one declaration,
// `elements/<tag>/contract.ts` (src/core/contract.ts):
//
//   custom-elements.json   the Custom Elements Manifest (schema 2.1.0)
//   types/elements.d.ts    HTMLElementTagNameMap, GlobalEventHandlersEventMap (every tl-* event),
//                          React 19 JSX IntrinsicElements with typed attributes and on… event props
//   src/core/events.ts     the `Events` name table
//   src/core/request-names.ts  the `Requests` name table and the requests' deprecated aliases
//
//   node scripts/contract.mjs           write them
//   node scripts/contract.mjs --check   fail (exit 1) when any of them differs from what the
//                                       contracts say; `npm run build` runs this
//
// The element reference for people (tables, live examples) is the docs site, generated from
// custom-elements.json (docs-site/site.ts); `npm run docs` runs --check before building it.
//
// Values (descriptions, defaults) come from importing the contracts; types (attribute value
// types, event detail types) come from the TypeScript checker, so a detail type is written once,
// in TypeScript, and named domain types (e.g. GifMedia) are copied from their one declaration.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { tsImport } from 'tsx/esm/api';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const kebab = (s) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const pascal = (tag) => tag.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase());

export function contractFiles() {
  return readdirSync(join(root, 'elements'))
    .sort()
    .map((tag) => join(root, 'elements', tag, 'contract.ts'))
    .filter((file) => existsSync(file));
}

// ---------------------------------------------------------------- types, from the checker
const files = contractFiles();
const announceFile = join(root, 'src', 'core', 'announcements.ts');
const config = ts.getParsedCommandLineOfConfigFile(
  join(root, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
);
const program = ts.createProgram([...files, announceFile], { ...config.options, noEmit: true });
const checker = program.getTypeChecker();
const FORMAT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
const problems = [];

/** Named types declared in this repository that a detail or value type refers to: name → declaration text. */
const namedTypes = new Map();
const isOwnDeclaration = (decl) => {
  const file = decl.getSourceFile().fileName;
  return !file.includes('/node_modules/') && file.startsWith(root);
};

function collectNamed(type, seen = new Set()) {
  if (!type || seen.has(type)) return;
  seen.add(type);
  const alias = type.aliasSymbol;
  if (alias?.declarations?.some(isOwnDeclaration)) {
    remember(alias);
    const decl = alias.declarations[0];
    collectNamed(checker.getTypeFromTypeNode(decl.type), seen);
    return;
  }
  if (type.isUnionOrIntersection()) return type.types.forEach((t) => collectNamed(t, seen));
  if (checker.isArrayType(type) || checker.isTupleType(type)) return checker.getTypeArguments(type).forEach((t) => collectNamed(t, seen));
  const symbol = type.getSymbol();
  if (symbol?.declarations?.some((d) => ts.isInterfaceDeclaration(d) && isOwnDeclaration(d))) remember(symbol);
  if (type.flags & ts.TypeFlags.Object) {
    for (const property of checker.getPropertiesOfType(type)) {
      collectNamed(checker.getTypeOfSymbol(property), seen);
    }
  }
}

function remember(symbol) {
  const name = symbol.getName();
  if (namedTypes.has(name)) return;
  const decl = symbol.declarations.find(isOwnDeclaration);
  const source = decl.getSourceFile();
  const jsDoc = ts
    .getJSDocCommentsAndTags(decl)
    .map((d) => d.getText(source))
    .join('\n');
  let text = decl.getText(source).replace(/^export\s+/, '');
  text = `${jsDoc ? `${jsDoc}\n` : ''}export ${text}`;
  namedTypes.set(name, `/** From ${relative(root, source.fileName)}. */\n${text}`);
}

function typeText(type) {
  collectNamed(type);
  return checker.typeToString(type, undefined, FORMAT);
}

/** The type of `object[key]` where object is a type; undefined when absent. */
function member(type, key) {
  const property = type && checker.getPropertyOfType(type, key);
  return property ? checker.getTypeOfSymbol(property) : undefined;
}

function phantom(type, key) {
  const t = member(type, key);
  return t ? checker.getNonNullableType(t) : undefined;
}

function typesOf(file) {
  const source = program.getSourceFile(file);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const exported = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.getName() === 'contract');
  if (!exported) {
    problems.push(`${relative(root, file)}: exports no \`contract\``);
    return null;
  }
  const contractType = checker.getTypeOfSymbol(exported);
  const table = (key, phantomKey) => {
    const t = member(contractType, key);
    if (!t) return {};
    return Object.fromEntries(
      checker.getPropertiesOfType(t).map((p) => [p.getName(), typeText(phantom(member(t, p.getName()), phantomKey))]),
    );
  };
  return { attributes: table('attributes', '__value'), events: table('events', '__detail'), requests: table('requests', '__detail') };
}

/** The events the runtime dispatches for every element (src/core/announcements.ts, RuntimeAnnouncements). */
function runtimeAnnouncements() {
  const source = program.getSourceFile(announceFile);
  const decl = source.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === 'RuntimeAnnouncements');
  if (!decl) {
    problems.push('src/core/announcements.ts declares no RuntimeAnnouncements');
    return [];
  }
  const type = checker.getTypeAtLocation(decl);
  return checker.getPropertiesOfType(type).map((p) => ({
    name: p.getName(),
    detail: typeText(checker.getTypeOfSymbol(p)),
    description: ts.displayPartsToString(p.getDocumentationComment(checker)),
  }));
}
const runtimeEvents = runtimeAnnouncements();

// ---------------------------------------------------------------- values, from the modules
const elements = [];
for (const file of files) {
  const { contract } = await tsImport(pathToFileURL(file).href, import.meta.url);
  const tag = relative(join(root, 'elements'), dirname(file));
  if (contract?.tag !== tag)
    problems.push(`${relative(root, file)}: tag ${JSON.stringify(contract?.tag)} is not its folder's name "${tag}"`);
  const types = typesOf(file);
  if (!types) continue;
  const attributes = Object.entries(contract.attributes).map(([field, spec]) => ({
    name: kebab(field),
    field,
    kind: spec.type,
    type: types.attributes[field],
    default: spec.default,
    description: spec.description,
  }));
  const events = Object.entries(contract.events ?? {}).map(([name, spec]) => ({
    name,
    detail: types.events[name],
    description: spec.description,
  }));
  const requests = Object.entries(contract.requests ?? {}).map(([name, spec]) => ({
    name,
    detail: types.requests[name],
    description: spec.description,
    aliases: spec.deprecatedAliases ?? [],
  }));
  for (const e of [...events, ...requests])
    if (!/^tl-[a-z0-9-]+$/.test(e.name)) problems.push(`<${tag}> event "${e.name}" is not named tl-<kebab-case>`);
  for (const a of attributes) if (!a.description) problems.push(`<${tag}> attribute "${a.name}" has no description`);
  elements.push({
    tag,
    className: `${pascal(tag)}Element`,
    summary: contract.summary,
    attributes,
    events,
    requests,
    parts: Object.entries(contract.parts ?? {}).map(([name, description]) => ({ name, description })),
    slots: Object.entries(contract.slots ?? {}).map(([name, description]) => ({ name, description })),
    cssProperties: Object.entries(contract.cssProperties ?? {}).map(([name, spec]) => ({ name, ...spec })),
  });
}

// The list in src/elements.ts names every element folder, and only those.
{
  const listed = readFileSync(join(root, 'src', 'elements.ts'), 'utf8');
  const tags = (/export const TAGS =\s*'([a-z -]*)'/.exec(listed)?.[1] ?? '').split(' ').filter(Boolean).sort();
  const folders = elements.map((e) => e.tag).sort();
  if (tags.join() !== folders.join())
    problems.push(`src/elements.ts TAGS (${tags.join(', ')}) differs from the element folders (${folders.join(', ')})`);
  for (const tag of folders)
    if (!listed.includes(`'${tag}': typeof `)) problems.push(`src/elements.ts Contracts has no entry for '${tag}'`);
  // The bundler's loader: each entry imports its own tag's folder.
  const modules = readFileSync(join(root, 'src', 'element-modules.ts'), 'utf8');
  const imported = [...modules.matchAll(/^ {2}'([a-z-]+)': \(\) => import\('\.\.\/elements\/\1\/index'\),$/gm)].map((m) => m[1]).sort();
  if (imported.join() !== folders.join())
    problems.push(
      `src/element-modules.ts ELEMENT_MODULES (${imported.join(', ')}) differs from the element folders (${folders.join(', ')})`,
    );
}

// package.json exports each element by name (`@tumblelog/elements/<tag>`): listed one by one, not as
// a "./*" pattern, so that tools (knip, bundlers) see which files the package exposes.
{
  const exported = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports ?? {})
    .filter((key) => key !== '.' && key !== './loader' && !key.endsWith('.json'))
    .map((key) => key.slice(2))
    .sort();
  const tags = elements.map((e) => e.tag).sort();
  if (exported.join() !== tags.join())
    problems.push(`package.json exports (${exported.join(', ')}) differ from the element folders (${tags.join(', ')})`);
}

// Requests are named `tl-<what>-request`; their earlier names live on as deprecated aliases.
for (const e of elements)
  for (const r of e.requests) {
    if (!r.name.endsWith('-request')) problems.push(`<${e.tag}> request "${r.name}" does not end in -request`);
    for (const alias of r.aliases)
      if (!/^tl-[a-z0-9-]+$/.test(alias)) problems.push(`<${e.tag}> alias "${alias}" is not named tl-<kebab-case>`);
  }

// ---------------------------------------------------------------- custom-elements.json
const aliasNote = (ev) =>
  ev.aliases.length ? ` Deprecated alias, still answered until 1.0: ${ev.aliases.map((a) => `\`${a}\``).join(', ')}.` : '';

// The named types (GifMedia, …) an element's events and properties refer to: types/elements.d.ts
// exports them, and it is the typings of each `@tumblelog/elements/<tag>` entry.
function referencedNamedTypes(e) {
  const texts = [...e.attributes.map((a) => a.type), ...e.events.map((ev) => ev.detail), ...e.requests.map((ev) => ev.detail)];
  return [...namedTypes.keys()].filter((name) => texts.some((text) => new RegExp(`\\b${name}\\b`).test(text)));
}

function manifest() {
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    // Module paths are the package's files (what `@tumblelog/elements/<tag>` loads), not the sources.
    modules: elements.map((e) => ({
      kind: 'javascript-module',
      path: `dist/elements/${e.tag}.js`,
      declarations: [
        {
          kind: 'class',
          customElement: true,
          tagName: e.tag,
          name: e.className,
          summary: e.summary,
          superclass: { name: 'HTMLElement' },
          attributes: e.attributes.map((a) => ({
            name: a.name,
            fieldName: a.field,
            // The attribute's own value is text: a JSON attribute's object type belongs to its
            // property (members, below), and editors would offer that type's pieces as values.
            type: { text: a.kind === 'json' ? 'string' : a.type },
            ...(a.default ? { default: a.default } : {}),
            description: a.description,
          })),
          members: [
            ...e.attributes.map((a) => ({
              kind: 'field',
              name: a.field,
              attribute: a.name,
              type: { text: a.type },
              description: a.description,
              ...(a.kind === 'flag' ? { reflects: true } : {}),
            })),
            {
              kind: 'field',
              name: 'ready',
              readonly: true,
              type: { text: 'Promise<void>' },
              description: 'Resolves once the element has rendered for the first time and its listeners are attached.',
            },
          ],
          events: [
            ...e.events.map((ev) => ({ name: ev.name, type: { text: `CustomEvent<${ev.detail}>` }, description: ev.description })),
            ...e.requests.map((ev) => ({
              name: ev.name,
              type: { text: `CustomEvent<${ev.detail}>` },
              description: `Request: dispatch it on \`document\`. ${ev.description}${aliasNote(ev)}`,
            })),
          ],
          cssParts: e.parts,
          cssProperties: e.cssProperties,
          slots: e.slots,
        },
      ],
      exports: [
        { kind: 'custom-element-definition', name: e.tag, declaration: { name: e.className, module: `dist/elements/${e.tag}.js` } },
        ...referencedNamedTypes(e).map((name) => ({ kind: 'js', name, declaration: { name, module: 'types/elements.d.ts' } })),
      ],
    })),
  };
}

// ---------------------------------------------------------------- types/elements.d.ts
const doc = (text, indent = '  ') => `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n`;
const quote = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

function attributeTypeText(a) {
  if (a.kind === 'flag' || a.kind === 'boolean') return "boolean | ''";
  if (a.kind === 'number') return 'number | string';
  if (a.kind === 'json') return 'string';
  return a.type === 'string' ? 'string' : a.type;
}

function typings() {
  const out = [];
  out.push(
    '// Generated by scripts/contract.mjs from elements/<tag>/contract.ts. Do not edit: change the contract and run `npm run contract`.',
  );
  out.push('/* eslint-disable @typescript-eslint/no-empty-object-type -- an element with no events has an empty event map */');
  out.push("import type { DetailedHTMLProps, HTMLAttributes } from 'react';", '');
  for (const text of [...namedTypes.values()]) out.push(text, '');
  // One event name may be announced by several elements (tl-navigate, tl-compose): its detail is the union.
  const allEvents = new Map(runtimeEvents.map((ev) => [ev.name, new Set([ev.detail])]));
  for (const e of elements) {
    for (const ev of [...e.events, ...e.requests]) {
      for (const name of [ev.name, ...(ev.aliases ?? [])]) {
        const details = allEvents.get(name) ?? new Set();
        details.add(ev.detail);
        allEvents.set(name, details);
      }
    }
  }
  for (const e of elements) {
    out.push(`/** \`<${e.tag}>\`: ${e.summary.split('. ')[0].replace(/\*\//g, '*\\/')}. */`);
    out.push(`export interface ${e.className} extends HTMLElement {`);
    for (const a of e.attributes)
      out.push(doc(a.description) + `  ${quote(a.field)}: ${a.type}${a.kind === 'flag' || a.kind === 'boolean' ? '' : ' | undefined'};`);
    out.push(
      '  /** Resolves once the element has rendered for the first time and its listeners are attached. */',
      '  readonly ready: Promise<void>;',
      '}',
      '',
    );
    out.push(`/** The HTML attributes of \`<${e.tag}>\`. */`);
    out.push(`export interface ${e.className.replace(/Element$/, 'Attributes')} {`);
    for (const a of e.attributes) out.push(`  '${a.name}'?: ${attributeTypeText(a)};`);
    out.push('}', '');
    out.push(`/** The events \`<${e.tag}>\` dispatches (bubbling, composed), and the requests it answers on \`document\`. */`);
    out.push(`export interface ${e.className.replace(/Element$/, 'EventMap')} {`);
    for (const ev of [...e.events, ...e.requests]) out.push(doc(ev.description) + `  '${ev.name}': CustomEvent<${ev.detail}>;`);
    for (const ev of e.requests)
      for (const alias of ev.aliases)
        out.push(doc(`@deprecated Until 1.0: use \`${ev.name}\`.`) + `  '${alias}': CustomEvent<${ev.detail}>;`);
    out.push('}', '');
  }
  out.push('/** Every `tl-*` event of every element, by name. */');
  out.push('export interface TumblelogEventMap {');
  for (const [name, details] of [...allEvents].sort(([a], [b]) => a.localeCompare(b)))
    out.push(`  '${name}': CustomEvent<${[...details].join(' | ')}>;`);
  out.push('}', '');
  out.push('/** React 19: `on` + the event name (`ontl-ask-sent`) adds a listener to a custom element. */');
  out.push('type EventProps<M> = { [K in keyof M as `on${K & string}`]?: (event: M[K]) => void };');
  out.push('type ElementProps<E extends HTMLElement, A, M> = DetailedHTMLProps<HTMLAttributes<E>, E> & A & EventProps<M>;', '');
  out.push('declare global {');
  out.push('  interface HTMLElementTagNameMap {');
  for (const e of elements) out.push(`    '${e.tag}': ${e.className};`);
  out.push('  }');
  out.push('  // Every tl-* event, for addEventListener on elements, document and window.');
  out.push('  interface GlobalEventHandlersEventMap extends TumblelogEventMap {}');
  out.push('}', '');
  out.push("declare module 'react' {");
  out.push('  namespace JSX {');
  out.push('    interface IntrinsicElements {');
  for (const e of elements) {
    const base = e.className.replace(/Element$/, '');
    out.push(`      '${e.tag}': ElementProps<${e.className}, ${base}Attributes, ${base}EventMap>;`);
  }
  out.push('    }', '  }', '}', '');
  return out.join('\n');
}

// ---------------------------------------------------------------- src/core/events.ts
const camel = (name) => name.replace(/^tl-/, '').replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
/**
 * Keys that `Events` had in 0.1, when it listed requests too. They stay, deprecated, until 1.0;
 * each must still name a request or one of its aliases.
 */
const EVENTS_KEYS_OF_0_1 = {
  askFormOpenRequest: 'tl-ask-form-open-request',
  messagingOpen: 'tl-messaging-open',
  messagingSendPost: 'tl-messaging-send-post',
};

function eventNames() {
  const announced = new Map(runtimeEvents.map((ev) => [ev.name, [`the runtime: ${ev.description}`]]));
  for (const e of elements)
    for (const ev of e.events) announced.set(ev.name, [...(announced.get(ev.name) ?? []), `<${e.tag}>: ${ev.description}`]);
  const requests = elements.flatMap((e) => e.requests.map((r) => ({ ...r, tag: e.tag })));
  const requestNames = new Map(requests.flatMap((r) => [[r.name, r.name], ...r.aliases.map((a) => [a, r.name])]));
  const header = [
    "// Generated by scripts/contract.mjs from the contracts (elements/<tag>/contract.ts) and the runtime's own",
    '// announcements (src/core/announcements.ts). Do not edit: change a contract and run `npm run contract`.',
    '// Names and versions: docs/guides/events-and-requests.md, "Names and versions".',
    '',
  ];
  const out = [
    ...header,
    '/**',
    ' * Every event an element or the runtime announces ("this happened"), by name. All are',
    ' * CustomEvents with `bubbles: true, composed: true`, so a listener on `document` hears them',
    ' * through any shadow root.',
    ' */',
    'export const Events = {',
  ];
  const short = (text) => text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ');
  for (const [name, descriptions] of [...announced].sort(([a], [b]) => a.localeCompare(b)))
    out.push(`  /** ${short(descriptions.join(' — '))} */`, `  ${camel(name)}: '${name}',`);
  for (const [key, name] of Object.entries(EVENTS_KEYS_OF_0_1)) {
    const current = requestNames.get(name);
    if (!current) problems.push(`Events.${key} of 0.1 names "${name}", which is no request or alias any more`);
    out.push(
      `  /** @deprecated Until 1.0: a request, not an announcement. Use \`Requests.${camel(current ?? name).replace(/Request$/, '')}\`. */`,
      `  ${key}: '${name}',`,
    );
  }
  out.push('} as const;', '');
  out.push('/** Every request a page (or an element) may make of an element, by name; each name ends in `-request`. */');
  out.push('export const Requests = {');
  for (const r of requests.sort((a, b) => a.name.localeCompare(b.name)))
    out.push(`  /** <${r.tag}>: ${short(r.description)} */`, `  ${camel(r.name).replace(/Request$/, '')}: '${r.name}',`);
  out.push('} as const;', '');
  // The loader listens for the requests before any element has loaded: it gets the names alone, in
  // a module of their own, so that neither table above reaches it.
  const req = [...header];
  req.push(
    '/**',
    ' * Every request name a page may dispatch on `document` (`Requests`, src/core/events.ts). A name without',
    ' * `-request` is an earlier name of `<name>-request`, still answered until 1.0 (src/core/deprecated-requests.ts).',
    ' */',
  );
  // Every alias so far is its request's name from before requests ended in -request, which is how
  // deprecated-requests.ts passes it on. A rename of another kind needs an "old new" map there.
  for (const r of requests)
    for (const alias of r.aliases)
      if (`${alias}-request` !== r.name)
        problems.push(`alias "${alias}" of ${r.name} is not its name without -request (see deprecated-requests.ts)`);
  req.push('export const PAGE_REQUESTS = [');
  for (const name of [...requests.map((r) => r.name), ...requests.flatMap((r) => r.aliases)]) req.push(`  '${name}',`);
  req.push('];', '');
  return { events: out.join('\n'), requests: req.join('\n') };
}

// ---------------------------------------------------------------- write or check
const outputs = [
  [join(root, 'custom-elements.json'), JSON.stringify(manifest(), null, 2) + '\n'],
  [join(root, 'types', 'elements.d.ts'), typings()],
  ...(({ events, requests }) => [
    [join(root, 'src', 'core', 'events.ts'), events],
    [join(root, 'src', 'core', 'request-names.ts'), requests],
  ])(eventNames()),
];
if (problems.length) {
  console.error(`contract: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const drifted = outputs.filter(([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text);
if (check) {
  if (drifted.length) {
    console.error(
      `contract: ${drifted.map(([f]) => relative(root, f)).join(', ')} differ(s) from elements/*/contract.ts. Run \`npm run contract\` and commit the result.`,
    );
    process.exit(1);
  }
  console.log(
    `contract: ${elements.length} elements; custom-elements.json, types/elements.d.ts, src/core/events.ts and request-names.ts match`,
  );
} else {
  for (const [file, text] of drifted) writeFileSync(file, text);
  console.log(
    `contract: ${elements.length} elements; wrote ${drifted.length ? drifted.map(([f]) => relative(root, f)).join(', ') : 'nothing (all current)'}`,
  );
}
