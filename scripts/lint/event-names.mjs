// tl/no-event-name-literal: an event or request name is written once, in a contract (or the
// runtime's src/core/announcements.ts); code uses the generated `Events.x` and `Requests.x`
// (src/core/events.ts), so a renamed event cannot leave a stale
// spelling behind. Shown failing by tests/checks/lint-boundaries.test.ts.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');

/** Every declared name (events, requests and their deprecated aliases) → the generated table to use instead. */
function declaredNames() {
  const names = new Map();
  let text;
  try {
    text = readFileSync(resolve(ROOT, 'src/core/events.ts'), 'utf8');
  } catch {
    return names; // not generated yet: nothing to check against
  }
  const [events, requests] = text.split('export const Requests');
  for (const m of (events ?? '').matchAll(/'(tl-[a-z0-9-]+)'/g)) names.set(m[1], 'Events');
  for (const m of (requests ?? '').matchAll(/'(tl-[a-z0-9-]+)'/g)) names.set(m[1], 'Requests');
  // A request's earlier names (still in Events under its 0.1 keys) are requests too.
  for (const m of text.matchAll(/Use `Requests\.\w+`\. \*\/\n\s+\w+: '(tl-[a-z0-9-]+)'/g)) names.set(m[1], 'Requests');
  return names;
}

const noEventNameLiteral = {
  meta: {
    type: 'problem',
    docs: { description: 'Event and request names come from the generated Events / Requests tables, never a string literal.' },
    messages: {
      literal: "'{{name}}' is an event or request name: use {{table}} (src/core/events.ts), generated from the contracts.",
    },
    schema: [],
  },
  create(context) {
    const names = declaredNames();
    const check = (node, value) => {
      const table = typeof value === 'string' && names.get(value);
      if (table) context.report({ node, messageId: 'literal', data: { name: value, table } });
    };
    return {
      // A JSX attribute is markup (className="tl-widget-error" is a class that shares the name).
      Literal: (node) => node.parent?.type !== 'JSXAttribute' && check(node, node.value),
      TemplateLiteral: (node) => node.expressions.length === 0 && check(node, node.quasis[0]?.value.cooked),
    };
  },
};

export default { meta: { name: 'tl-event-names' }, rules: { 'no-event-name-literal': noEventNameLiteral } };
