/**
 * Type-checked, never run: the implementation has every function ../index.d.ts declares, with its type, so that
 * what the packages check against and what runs cannot drift apart.
 */
import type * as Declared from '../index';
import * as kit from './index';

export const implementsDeclarations: typeof Declared = kit;
