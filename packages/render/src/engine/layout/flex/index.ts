export { layoutFlex } from './flex-layout';
export { flexIntrinsicWidths } from './intrinsic';
export { ensureFlexReady, isFlexReady } from './yoga';
