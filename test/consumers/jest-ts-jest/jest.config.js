/* global require, module */
// What `npx ts-jest config:init` (ts-jest 29.4) writes: no transformIgnorePatterns, no moduleNameMapper.
const { createDefaultPreset } = require('ts-jest');

const tsJestTransformCfg = createDefaultPreset().transform;

/** @type {import("jest").Config} **/
module.exports = {
  testEnvironment: 'node',
  transform: {
    ...tsJestTransformCfg,
  },
};
