export {
  compileSecretMatcher,
  type SecretDeny,
  type SecretMatcher,
} from './compileSecretMatcher.js';
export { isSecretName } from './isSecretName.js';
export { parseSecretDeny } from './parseSecretDeny.js';
export { parseSecretPattern, type SecretPattern } from './parseSecretPattern.js';
