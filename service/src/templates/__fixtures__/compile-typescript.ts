import ts from 'typescript';

const ROOT = '/virtual/';

/**
 * Type-checks in-memory TypeScript files (`{ 'types.ts': '…', 'use.ts': "import … from './types'" }`) with the
 * TypeScript compiler API, strict as this repository is, and returns the diagnostics as `file:line: message`.
 */
export function typeCheck(files: Record<string, string>): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: false,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts'],
    types: [],
  };
  const virtual = new Map(Object.entries(files).map(([name, text]) => [`${ROOT}${name}`, text]));
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile, directoryExists } = host;
  host.getSourceFile = (name, language, onError, create) => {
    const text = virtual.get(name);
    return text === undefined
      ? getSourceFile(name, language, onError, create)
      : ts.createSourceFile(name, text, language);
  };
  host.fileExists = (name) => virtual.has(name) || fileExists(name);
  host.readFile = (name) => virtual.get(name) ?? readFile(name);
  host.directoryExists = (name) => `${name}/` === ROOT || (directoryExists?.(name) ?? false);
  const program = ts.createProgram([...virtual.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName.slice(ROOT.length)}:${line + 1}: ${message}`;
  });
}
