// jpeg-js's decoder alone (CommonJS; its typings cover the package's index, which brings the encoder too).
declare module 'jpeg-js/lib/decoder.js' {
  function decode(
    data: Uint8Array,
    options: { useTArray: true; formatAsRGBA: true; maxResolutionInMP?: number; maxMemoryUsageInMB?: number },
  ): { width: number; height: number; data: Uint8Array };
  export default decode;
}
