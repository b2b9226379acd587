// How dependency-cruiser reads .ts and .tsx files (see .dependency-cruiser.cjs): Babel strips the types and JSX,
// and a type-only import stays an import, so the rules see every edge the type checker sees.

// Type-only imports and re-exports are marked as value ones before the TypeScript preset would drop them.
function keepTypeImports() {
  const MODULE_STATEMENTS = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration']);
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
        for (const statement of path.node.body) if (MODULE_STATEMENTS.has(statement.type)) asValue(statement);
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
