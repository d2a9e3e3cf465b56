// A TypeDoc plugin for the API reference (typedoc.json): a public type alias written in terms of
// something that is not exported — `(typeof BOOKING_STATUSES)[number]`, `z.input<typeof SearchParamsSchema>`,
// `keyof typeof CABIN_CODES` — is documented as what it resolves to (the union of its values, the
// object with its fields), so its page answers "what do I pass?" without reading dist/*.d.ts. Aliases
// that only name exported types (e.g. `string | { booking_id: string }`) are left as written.
import ts from 'typescript';
import { Converter, ReflectionKind } from 'typedoc';

/** True when the alias's written type reads a value (`typeof X`), which has no page of its own. */
function needsResolving(node) {
  let found = false;
  const visit = (n) => {
    if (found) return;
    if (ts.isTypeQueryNode(n)) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  const pending = [];
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (reflection.kind !== ReflectionKind.TypeAlias) return;
    const symbol = context.getSymbolFromReflection(reflection);
    const decl = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
    if (decl && !decl.typeParameters && needsResolving(decl.type))
      pending.push({ reflection, symbol, context });
  });
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, () => {
    for (const { reflection, symbol, context } of pending.splice(0)) {
      const type = context.checker.getDeclaredTypeOfSymbol(symbol);
      reflection.type = context.converter.convertType(context.withScope(reflection), type);
    }
  });
}
