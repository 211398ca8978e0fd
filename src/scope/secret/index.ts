export { compileSecretMatcher, type SecretMatcher } from './compileSecretMatcher.js';
export { isSecretName } from './isSecretName.js';
export { parseSecretPattern, type SecretPattern } from './parseSecretPattern.js';
