/**
 * The engine's user-agent stylesheet, after Chromium's html.css as it prints (with the engine's 12pt = 16px
 * medium font size). Display of every HTML element; margins, fonts and table defaults as a browser's. Margins of the
 * block axis are flow-relative where Chromium's are, so that a paragraph in vertical text is spaced at its sides.
 */
export const ENGINE_USER_AGENT_CSS = `
html, address, blockquote, body, center, dialog, div, figure, figcaption, footer, form, header, hr, legend,
listing, main, p, plaintext, pre, search, xmp, article, aside, h1, h2, h3, h4, h5, h6, hgroup, nav, section,
dir, dd, dl, dt, menu, ol, ul, fieldset, details, summary, optgroup, frameset, frame { display: block; }
head, script, style, template, title, meta, link, base, noscript, datalist, area, param, noembed, noframes,
rp, [hidden]:not([hidden=until-found i]) { display: none; }
li { display: list-item; text-align: match-parent; }
table { display: table; border-collapse: separate; border-spacing: 2px; box-sizing: border-box; text-indent: initial; border-color: gray; }
thead, tbody, tfoot, tr { border-color: inherit; }
caption { display: table-caption; text-align: -webkit-center; }
thead { display: table-header-group; vertical-align: middle; }
tbody { display: table-row-group; vertical-align: middle; }
tfoot { display: table-footer-group; vertical-align: middle; }
tr { display: table-row; vertical-align: inherit; }
col { display: table-column; }
colgroup { display: table-column-group; }
td, th { display: table-cell; vertical-align: inherit; padding: 1px; }
th { font-weight: bold; text-align: -internal-center; }
table > tr { vertical-align: middle; }
body { margin: 8px; }
p { margin-block: 1em; }
blockquote, figure { margin-block: 1em; margin-inline: 40px; }
dl { margin-block: 1em; }
dd { margin-inline-start: 40px; }
address { font-style: italic; }
h1 { font-size: 2em; margin-block: 0.67em; font-weight: bold; }
h2 { font-size: 1.5em; margin-block: 0.83em; font-weight: bold; }
h3 { font-size: 1.17em; margin-block: 1em; font-weight: bold; }
h4 { margin-block: 1.33em; font-weight: bold; }
h5 { font-size: 0.83em; margin-block: 1.67em; font-weight: bold; }
h6 { font-size: 0.67em; margin-block: 2.33em; font-weight: bold; }
:is(article, aside, nav, section) h1 { font-size: 1.5em; margin-block: 0.83em; }
ul, menu, dir { list-style-type: disc; margin-block: 1em; padding-inline-start: 40px; }
ol { list-style-type: decimal; margin-block: 1em; padding-inline-start: 40px; }
ul ul, ol ul, ul ol, ol ol, ul menu, ol menu, menu ul, menu ol, ul dir, ol dir { margin-block: 0; }
ol ul, ul ul, menu ul, dir ul, ol menu, ul menu, menu menu, ol dir, ul dir { list-style-type: circle; }
ol ol ul, ol ul ul, ol menu ul, ul ol ul, ul ul ul, ul menu ul, menu ol ul, menu ul ul, menu menu ul,
ol ol menu, ol ul menu, ul ol menu, ul ul menu, ul menu menu, menu ul menu, menu menu menu { list-style-type: square; }
pre, xmp, plaintext, listing { display: block; font-family: monospace; white-space: pre; margin: 1em 0; }
code, kbd, samp, tt { font-family: monospace; }
hr { color: gray; margin-block: 0.5em; margin-inline: auto; border-style: inset; border-width: 1px; overflow: hidden; }
b, strong, dt { font-weight: bold; }
i, em, cite, var, dfn { font-style: italic; }
u, ins { text-decoration: underline; }
s, strike, del { text-decoration: line-through; }
a:any-link { color: #0000EE; text-decoration: underline; }
small { font-size: smaller; }
big { font-size: larger; }
sub { vertical-align: sub; font-size: smaller; }
sup { vertical-align: super; font-size: smaller; }
mark { background-color: yellow; color: black; }
center { text-align: -webkit-center; }
nobr { white-space: nowrap; }
wbr { white-space: normal; }
bdi, output { unicode-bidi: isolate; }
bdo { unicode-bidi: bidi-override; }
[dir] { unicode-bidi: isolate; }
[dir=rtl i] { direction: rtl; }
[dir=ltr i] { direction: ltr; }
bdo[dir] { unicode-bidi: isolate-override; }
img, svg { display: inline; }
qr-code, bar-code { display: inline-block; }
`;
