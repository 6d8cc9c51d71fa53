/**
 * The browser defaults Quire's converter starts from, so that a template looks the same in its HTML output
 * (a browser) and in its PDF. Values follow the HTML standard's rendering section.
 */
export const USER_AGENT_CSS = `
html, body, div, section, article, header, footer, main, nav, aside, address, figure, figcaption, form, fieldset,
details, summary, center, hgroup, dl, dt, dd, p, blockquote, pre, h1, h2, h3, h4, h5, h6, hr, ul, ol, menu { display: block; }
li { display: list-item; }
table { display: table; }
caption { display: table-caption; text-align: center; }
thead { display: table-header-group; }
tbody { display: table-row-group; }
tfoot { display: table-footer-group; }
tr { display: table-row; }
td, th { display: table-cell; padding: 1px; }
col { display: table-column; }
colgroup { display: table-column-group; }
head, script, style, template, title, meta, link, noscript, base { display: none; }
p, dl { margin-top: 1em; margin-bottom: 1em; }
dd { margin-left: 40px; }
blockquote, figure { margin: 1em 40px; }
h1 { font-size: 2em; margin-top: 0.67em; margin-bottom: 0.67em; font-weight: bold; }
h2 { font-size: 1.5em; margin-top: 0.83em; margin-bottom: 0.83em; font-weight: bold; }
h3 { font-size: 1.17em; margin-top: 1em; margin-bottom: 1em; font-weight: bold; }
h4 { font-size: 1em; margin-top: 1.33em; margin-bottom: 1.33em; font-weight: bold; }
h5 { font-size: 0.83em; margin-top: 1.67em; margin-bottom: 1.67em; font-weight: bold; }
h6 { font-size: 0.67em; margin-top: 2.33em; margin-bottom: 2.33em; font-weight: bold; }
ul, ol, menu { margin-top: 1em; margin-bottom: 1em; padding-left: 40px; }
ul { list-style-type: disc; }
ol { list-style-type: decimal; }
li ul, li ol { margin-top: 0; margin-bottom: 0; }
ul ul { list-style-type: circle; }
ul ul ul { list-style-type: square; }
pre { font-family: monospace; white-space: pre; margin-top: 1em; margin-bottom: 1em; }
code, kbd, samp, tt { font-family: monospace; }
strong, b, th, dt { font-weight: bold; }
em, i, cite, var, dfn, address { font-style: italic; }
u, ins { text-decoration: underline; }
s, strike, del { text-decoration: line-through; }
a[href] { color: #0000ee; text-decoration: underline; }
small { font-size: 0.83em; }
big { font-size: 1.2em; }
sub { vertical-align: sub; font-size: 0.83em; }
sup { vertical-align: super; font-size: 0.83em; }
mark { background-color: #ffff00; }
hr { margin-top: 0.5em; margin-bottom: 0.5em; border-top: 1px solid #a0a0a0; }
th { text-align: center; }
center { text-align: center; }
img, svg, qr-code, bar-code { display: inline-block; }
`;

/** Elements whose content is never shown. */
export const HIDDEN_ELEMENTS = new Set([
  'head',
  'script',
  'style',
  'template',
  'title',
  'meta',
  'link',
  'noscript',
  'base',
]);

/** Elements that embed things Quire cannot draw in a PDF. */
export const UNSUPPORTED_ELEMENTS = new Set([
  'iframe',
  'video',
  'audio',
  'canvas',
  'object',
  'embed',
  'input',
  'select',
  'textarea',
  'button',
  'picture',
  'source',
  'math',
  'frame',
  'frameset',
  'applet',
]);
