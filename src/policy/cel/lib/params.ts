/** The type parameters overload signatures share (cel-go names them A, B, T, K, V as its declarations do). */
import { param } from '../types.js';

export const A_PARAM = param('A');
export const B_PARAM = param('B');
export const T_PARAM = param('T');
export const K_PARAM = param('K');
export const V_PARAM = param('V');
