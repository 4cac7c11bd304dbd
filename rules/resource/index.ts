import type { Rule } from '../api.js';
import notAnObjectRule from './not-an-object/index.js';
import typeMetaRule from './type-meta/index.js';
import apiVersionRule from './api-version/index.js';
import kindRule from './kind/index.js';

export const rules: readonly Rule[] = [notAnObjectRule, typeMetaRule, apiVersionRule, kindRule];
