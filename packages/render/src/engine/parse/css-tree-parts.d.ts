// css-tree's parts as its package exports them one by one (@types/css-tree declares only the whole).
declare module 'css-tree/parser' {
  const parse: typeof import('css-tree').parse;
  export default parse;
}
declare module 'css-tree/walker' {
  const walk: typeof import('css-tree').walk;
  export default walk;
}
declare module 'css-tree/generator' {
  const generate: typeof import('css-tree').generate;
  export default generate;
}
