import { afterAll } from 'vitest';
import { cleanUp } from '../helpers/scratch.js';

// After every test file, pass or fail: close what it opened, end the processes it
// started and remove its temp folders (test/helpers/scratch.ts).
afterAll(cleanUp);
