// A TypeDoc plugin for the API reference (typedoc.json):
// - a public type alias written in terms of something that is not exported — `(typeof BOOKING_STATUSES)[number]`,
//   `z.input<typeof SearchParamsSchema>`, `keyof typeof CABIN_CODES` — is documented as what it resolves to
//   (the union of its values, the object with its fields), so its page answers "what do I pass?" without
//   reading dist/*.d.ts. Aliases that only name exported types (e.g. `string | { booking_id: string }`)
//   are left as written;
// - a field declared in an object literal (a zod shape: `origin: iataCode`) shows no "default value": the
//   initializer there is the field's schema, not a default.
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
  const aliases = [];
  const literalFields = [];
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    const symbol = context.getSymbolFromReflection(reflection);
    if (reflection.kind === ReflectionKind.Property) {
      const decl = symbol?.declarations?.[0];
      if (decl && (ts.isPropertyAssignment(decl) || ts.isShorthandPropertyAssignment(decl)))
        literalFields.push(reflection);
      return;
    }
    if (reflection.kind !== ReflectionKind.TypeAlias) return;
    const decl = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
    if (decl && !decl.typeParameters && needsResolving(decl.type))
      aliases.push({ reflection, symbol, context });
  });
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, () => {
    for (const { reflection, symbol, context } of aliases.splice(0)) {
      const type = context.checker.getDeclaredTypeOfSymbol(symbol);
      reflection.type = context.converter.convertType(context.withScope(reflection), type);
    }
    for (const reflection of literalFields.splice(0)) reflection.defaultValue = undefined;
  });
}
