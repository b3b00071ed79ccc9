// Writes custom-elements.json (schema 2.0.0) from each element's definition.ts
// (the declared props) and api.ts (their documentation), and fails the build
// when a declared prop has no documented attribute.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { register } from 'tsx/esm/api';

register();
const kebab = (s) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const modules = [];
const problems = [];

for (const tag of readdirSync('elements').sort()) {
  if (!existsSync(`elements/${tag}/definition.ts`)) continue;
  const { default: definition } = await import(`../elements/${tag}/definition.ts`);
  const api = existsSync(`elements/${tag}/api.ts`)
    ? (await import(`../elements/${tag}/api.ts`)).default
    : { summary: `<${tag}> is registered; its behaviour arrives with its own issue. Until then it renders its light-DOM fallback content.`, attributes: [] };
  const documented = new Set(api.attributes.map((a) => a.name));
  const attributes = Object.entries(definition.props).map(([prop, type]) => {
    const doc = api.attributes.find((a) => a.name === kebab(prop));
    if (!doc && existsSync(`elements/${tag}/api.ts`)) problems.push(`<${tag}> attribute "${kebab(prop)}" is declared but not documented`);
    return { name: kebab(prop), fieldName: prop, type: { text: doc?.type ?? type }, ...(doc?.default ? { default: doc.default } : {}), description: doc?.description ?? '' };
  });
  for (const name of documented) if (!attributes.some((a) => a.name === name)) problems.push(`<${tag}> documents "${name}" which it does not declare`);
  modules.push({
    kind: 'javascript-module',
    path: `elements/${tag}/index.ts`,
    declarations: [{
      kind: 'class', customElement: true, tagName: tag, name: tag.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase()) + 'Element',
      summary: api.summary, attributes,
      members: attributes.map((a) => ({ kind: 'field', name: a.fieldName, type: a.type, description: a.description })),
      events: (api.events ?? []).map((e) => ({ name: e.name, type: { text: `CustomEvent<${e.detail}>` }, description: e.description })),
      cssParts: api.parts ?? [], cssProperties: api.cssProperties ?? [], slots: api.slots ?? [],
    }],
    exports: [{ kind: 'custom-element-definition', name: tag, declaration: { name: tag, module: `elements/${tag}/index.ts` } }],
  });
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
writeFileSync('custom-elements.json', JSON.stringify({ schemaVersion: '2.0.0', readme: 'README.md', modules }, null, 2) + '\n');
console.log(`custom-elements.json: ${modules.length} elements`);
