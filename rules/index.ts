import type { Rule } from '../src/engine/types.js';
import { rules as yaml } from './yaml/index.js';
import { rules as resource } from './resource/index.js';
import { rules as schema } from './schema/index.js';
import { rules as meta } from './meta/index.js';
import { rules as user } from './user/index.js';
import { rules as auth } from './auth/index.js';
import { rules as config } from './config/index.js';
import { rules as oidcProvider } from './oidc-provider/index.js';
import { rules as apps } from './apps/index.js';
import { rules as audit } from './audit/index.js';
import { rules as ui } from './ui/index.js';
import { rules as vault } from './vault/index.js';
import { rules as cloud } from './cloud/index.js';
import { rules as containerResources } from './container-resources/index.js';
import { rules as cost } from './cost/index.js';
import { rules as storage } from './storage/index.js';
import { rules as database } from './database/index.js';
import { rules as security } from './security/index.js';
import { rules as change } from './change/index.js';
import { rules as patch } from './patch/index.js';
import { rules as directive } from './directive/index.js';
import { rules as baseline } from './baseline/index.js';
import { rules as exception } from './exception/index.js';
import { rules as policy } from './policy/index.js';
import { rules as configFile } from './config-file/index.js';
import { rules as internal } from './internal/index.js';

/** Every built-in rule, in the order `platlint rules` lists them. */
export const builtinRules: readonly Rule[] = [
  ...yaml,
  ...resource,
  ...schema,
  ...meta,
  ...user,
  ...auth,
  ...config,
  ...oidcProvider,
  ...apps,
  ...audit,
  ...ui,
  ...vault,
  ...cloud,
  ...containerResources,
  ...cost,
  ...storage,
  ...database,
  ...security,
  ...change,
  ...patch,
  ...directive,
  ...baseline,
  ...exception,
  ...policy,
  ...configFile,
  ...internal,
];
