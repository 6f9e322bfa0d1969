module.exports = require('preact/test-utils');
