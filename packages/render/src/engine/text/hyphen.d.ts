// The two languages of hyphen 1.14.1 that @types/hyphen 1.14.0 does not know: only what the browser loader uses.
declare module 'hyphen/mk' {
  export function hyphenateSync(word: string, options?: { hyphenChar?: string }): string;
}
declare module 'hyphen/sq' {
  export function hyphenateSync(word: string, options?: { hyphenChar?: string }): string;
}
