// pdfmake's copy of svg-to-pdfkit (CommonJS, no typings); typed as the painter calls it.
declare module 'pdfmake/js/3rd-party/svg-to-pdfkit.js' {
  type SvgToPdfkit = import('./pdfkit-types').SvgToPdfkit;
  const svgToPdfkit: SvgToPdfkit | { default: SvgToPdfkit };
  export default svgToPdfkit;
}
