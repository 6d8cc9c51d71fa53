export { gridIntrinsicWidths, layoutGrid } from './grid-layout';
