// Typings for linebreak 1.1 (the package ships none): only what text/line-breaks.ts uses.
declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): { position: number; required: boolean } | null;
  }
}
