// How dependency-cruiser reads .ts and .tsx files (see .dependency-cruiser.cjs): Babel strips the types and JSX,
// and a type-only import stays an edge, so the rules see every edge the type checker sees.

/** The call a type-only import becomes: .dependency-cruiser.cjs lists it in exoticRequireStrings, so its edge is typed. */
const TYPE_ONLY_IMPORT = 'typeOnlyImport';

// `import type` and `export type ... from` become typeOnlyImport('<source>') (an 'exotic-require' edge, which the rules
// that only weigh what runs leave out); other type imports are marked as value ones, before the TypeScript preset
// would drop them. `import { type A }` stays a value edge: the module may still be loaded for it.
function keepTypeImports({ types: t }) {
  const MODULE_STATEMENTS = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration']);
  const typeOnly = (node) => node.source && (node.importKind === 'type' || node.exportKind === 'type');
  const asTypeOnlyEdge = (node) =>
    t.expressionStatement(t.callExpression(t.identifier(TYPE_ONLY_IMPORT), [t.stringLiteral(node.source.value)]));
  const asValue = (node) => {
    node.importKind = 'value';
    node.exportKind = 'value';
    for (const specifier of node.specifiers ?? []) {
      specifier.importKind = 'value';
      specifier.exportKind = 'value';
    }
  };
  // On Program enter: the preset removes type imports there too, and a plugin's visitor runs before a preset's.
  return {
    visitor: {
      Program(path) {
        path.node.body = path.node.body.map((statement) => {
          if (!MODULE_STATEMENTS.has(statement.type)) return statement;
          if (typeOnly(statement)) return asTypeOnlyEdge(statement);
          asValue(statement);
          return statement;
        });
      },
    },
  };
}

module.exports = {
  // Only this file: a project babel config or .babelrc must not change what the rules see.
  babelrc: false,
  configFile: false,
  // Resolved from here, so the rules can be run from any folder (the import-rules test runs them on fixtures).
  // Classic JSX: it adds no import, so the rules see only the imports written in the file.
  plugins: [keepTypeImports, [require.resolve('@babel/plugin-transform-react-jsx'), { runtime: 'classic' }]],
  presets: [[require.resolve('@babel/preset-typescript'), { onlyRemoveTypeImports: true }]],
};
